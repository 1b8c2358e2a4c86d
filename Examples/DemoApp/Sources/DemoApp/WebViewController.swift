#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit

/// The demo's web view: everything Hawser generated, wired up in a few lines.
public final class WebViewController: UIViewController {
    private let handlers: DemoHandlers
    private lazy var webView: WKWebView = {
        let configuration = WKWebViewConfiguration()
        // Every user script, the runtime and the presets, with their injection times, frames
        // and worlds; every handler through a weak proxy, reply handlers with reply.
        Bridge.install(into: configuration.userContentController, handlers: handlers)
        return WKWebView(frame: .zero, configuration: configuration)
    }()

    public init(documents: URL) {
        handlers = DemoHandlers(documents: documents)
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { nil }

    override public func loadView() {
        // Flow G, native side: no bounce, no back/forward swipe, no pinch zoom.
        Bridge.applyNativeFeel(to: webView)
        view = webView
    }

    /// Flow I: a login cookie set before the first load. `setCookies` returns once the cookie
    /// store has completed every `setCookie`, so the first request carries the cookie.
    public func load(_ url: URL, sessionCookie: HTTPCookie?) async {
        await Bridge.setCookies(sessionCookie.map { [$0] } ?? [], in: webView.configuration)
        webView.load(URLRequest(url: url))
    }

    /// Flow E: native → page. The text is passed as an argument, never spliced into source.
    public func greet(_ text: String) async throws {
        try await Bridge.emit("greeting", detail: .string(text), in: webView)
    }
}
#endif
