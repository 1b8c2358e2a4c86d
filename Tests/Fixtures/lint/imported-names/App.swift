import WebKit

final class Bridge: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "ready")
        controller.add(self, name: "logHandler")
        controller.add(self, name: "theme")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
