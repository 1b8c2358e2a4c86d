import WebKit

// The Mac app receives "open" as a string.
final class MacHandler: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "open")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let link = message.body as? String else { return }
        print(link)
    }
}
