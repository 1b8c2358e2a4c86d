import WebKit

final class Injector: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController, source: String) {
        controller.add(self, name: "iconsLoaded")
        let script = source.replacingOccurrences(of: "%message_handler%", with: "iconsLoaded")
        controller.addUserScript(WKUserScript(source: script, injectionTime: .atDocumentEnd, forMainFrameOnly: true))
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
