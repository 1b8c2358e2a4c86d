import WebKit

final class ViewController: NSObject, WKScriptMessageHandlerWithReply {
    func install(_ controller: WKUserContentController) {
        controller.addScriptMessageHandler(self, contentWorld: .page, name: "controller")
        controller.add(self as! WKScriptMessageHandler, name: "closeSettings")
    }
}
