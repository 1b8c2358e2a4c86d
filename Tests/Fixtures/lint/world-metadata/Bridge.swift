import WebKit

final class Bridge: NSObject, WKScriptMessageHandler {
    func install(into controller: WKUserContentController, world: WKContentWorld) {
        controller.add(self, name: "pageHandler")
        controller.add(self, contentWorld: .defaultClient, name: "debugOnly")
        controller.add(self, contentWorld: .world(name: "reader"), name: "readerHandler")
        // The world is a variable: it could be any world, so every use of it pairs.
        controller.add(self, contentWorld: world, name: "anyWorld")
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
}
