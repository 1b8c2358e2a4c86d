import WebKit

/// Names reach `add` through an initializer parameter, from `super.init`, `self.init` and
/// direct construction.
class BaseHandler: NSObject, WKScriptMessageHandler {
    init(webView: WKWebView, handlers: [String]?) {
        super.init()
        handlers?.forEach { webView.configuration.userContentController.add(self, name: $0) }
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

final class ReaderHandler: BaseHandler {
    enum Names: String, CaseIterable {
        case readerReady, readerProgress
    }

    init(webView: WKWebView) {
        super.init(webView: webView, handlers: Names.allCases.map { $0.rawValue })
    }
}

final class PrintHandler: BaseHandler {
    convenience init(webView: WKWebView, preview: Bool) {
        self.init(webView: webView, handlers: preview ? ["print", "printPreview"] : ["print"])
    }
}

enum ShareNames {
    static let all = ["share"] + ["shareSheet"]
}

func makeShareHandler(webView: WKWebView) -> BaseHandler {
    BaseHandler(webView: webView, handlers: ShareNames.all)
}
