import WebKit

final class Injector: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController, template: String) {
        controller.add(self, name: "favicons")
        controller.add(self, name: "reader")
        let source = template.replacingOccurrences(of: "%favicon_handler%", with: "favicons")
        controller.addUserScript(WKUserScript(source: source, injectionTime: .atDocumentEnd, forMainFrameOnly: true))
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
}
