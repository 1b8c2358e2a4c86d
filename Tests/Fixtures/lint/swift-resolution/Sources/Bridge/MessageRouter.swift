import WebKit

/// Names stored as dictionary keys by a helper, registered later from `keys`.
final class MessageRouter: NSObject, WKScriptMessageHandler {
    private var messages: [String: (Any) -> Void] = [:]

    func registerMessage(named name: String, handler: @escaping (Any) -> Void) {
        messages[name] = handler
    }

    func attach(to controller: WKUserContentController) {
        for name in messages.keys {
            controller.add(self, name: name)
        }
    }

    func setUp() {
        registerMessage(named: "openLink") { _ in }
        registerMessage(named: "closeTab") { _ in }
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
