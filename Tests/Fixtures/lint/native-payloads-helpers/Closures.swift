import WebKit

typealias MessageHandler = (WKScriptMessage) -> Void

/// Registers each name with a box that calls the closure given for it.
final class MessageHandlerBox: NSObject, WKScriptMessageHandler {
    let handler: MessageHandler
    init(_ handler: @escaping MessageHandler) { self.handler = handler }
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        handler(message)
    }
}

extension WKWebView {
    func handle(_ name: String, handler: @escaping MessageHandler) {
        let box = MessageHandlerBox(handler)
        configuration.userContentController.add(box, name: name)
    }
}

/// The closure given with each name receives its messages.
final class ArticleViewController {
    let webView = WKWebView()

    func setUp() {
        webView.handle("resize") { message in
            guard let body = message.body as? [String: Double], let height = body["height"] else { return }
            print(height)
        }
        webView.handle("select", handler: { [weak self] message in self?.select(message) })
        webView.handle("ready") { _ in print("ready") }
    }

    private func select(_ message: WKScriptMessage) {
        guard let body = message.body as? [String: Any], let id = body["id"] as? String else { return }
        print(id)
    }
}
