import WebKit

class BaseHandler: NSObject, WKScriptMessageHandler {
    let userContentController: WKUserContentController

    init(userContentController: WKUserContentController, handlers: [String]?) {
        self.userContentController = userContentController
        super.init()
        handlers?.forEach { handler in
            userContentController.add(self, name: handler)
        }
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
}

final class ReaderHandler: BaseHandler {
    enum Names: String, CaseIterable {
        case readerReady
        case readerProgress
    }

    init(controller: WKUserContentController) {
        super.init(userContentController: controller, handlers: Names.allCases.map({ $0.rawValue }))
    }
}
