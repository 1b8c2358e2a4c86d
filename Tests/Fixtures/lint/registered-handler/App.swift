import WebKit

final class Bridge: NSObject, WKScriptMessageHandler, WKScriptMessageHandlerWithReply {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "observer")
        controller.addScriptMessageHandler(self, contentWorld: .page, name: "readFile")
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        if message.name == "observer" { print(message.body) }
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage, replyHandler: @escaping (Any?, String?) -> Void) {
        switch message.name {
        case "readFile": replyHandler("text", nil)
        default: replyHandler(nil, "unknown")
        }
    }
}
