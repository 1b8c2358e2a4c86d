#if canImport(WebKit)
import Foundation
import WebKit

/// Receives the demo's script messages. Registered through `WeakScriptMessageHandler`, so the
/// content controller does not keep it alive.
@MainActor
final class ScriptBridge: NSObject, WKScriptMessageHandler, WKScriptMessageHandlerWithReply {
    private let documents: URL

    init(documents: URL) {
        self.documents = documents
    }

    func install(into controller: WKUserContentController) {
        let proxy = WeakScriptMessageHandler(self)
        for name in HandlerName.allCases {
            controller.removeScriptMessageHandler(forName: name.rawValue)
            controller.add(proxy, name: name.rawValue)
        }
        controller.removeScriptMessageHandler(forName: ReplyHandlerName.readFile, contentWorld: .page)
        controller.addScriptMessageHandler(proxy, contentWorld: .page, name: ReplyHandlerName.readFile)
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        switch message.name {
        case "observer":
            let body = message.body as? [String: Any]
            print("signup:", body?["name"] ?? "", body?["email"] ?? "")
        case "imageChanged", "stateSync", "pageReady", "hashChanged":
            print(message.name, message.body)
        default:
            break
        }
    }

    func userContentController(
        _ controller: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        guard message.name == "readFile",
              let path = (message.body as? [String: Any])?["path"] as? String else {
            replyHandler(nil, "bad request")
            return
        }
        let url = documents.appendingPathComponent(path).standardizedFileURL
        guard url.path.hasPrefix(documents.standardizedFileURL.path + "/"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            replyHandler(nil, "cannot read \(path)")
            return
        }
        replyHandler(text, nil)
    }

    /// Flow E: calls a page function with its argument passed, not spliced into source.
    func setGreeting(_ text: String, in webView: WKWebView) async throws {
        _ = try await webView.callAsyncJavaScript(
            "window.setGreeting(text)", arguments: ["text": text], in: nil, contentWorld: .page)
    }
}

/// Forwards messages to a handler it holds weakly, breaking the retain cycle of `add(self, name:)`.
final class WeakScriptMessageHandler: NSObject, WKScriptMessageHandler, WKScriptMessageHandlerWithReply {
    private weak var target: (WKScriptMessageHandler & WKScriptMessageHandlerWithReply)?

    init(_ target: WKScriptMessageHandler & WKScriptMessageHandlerWithReply) {
        self.target = target
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        target?.userContentController(controller, didReceive: message)
    }

    func userContentController(
        _ controller: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        guard let target else { return replyHandler(nil, "gone") }
        target.userContentController(controller, didReceive: message, replyHandler: replyHandler)
    }
}
#endif
