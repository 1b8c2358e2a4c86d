import WebKit

// The iOS app receives "open" as an object: which post goes where is the target's business.
final class PhoneHandler: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "open")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let body = message.body as? [String: Any], let link = body["url"] as? String else { return }
        print(link)
    }
}
