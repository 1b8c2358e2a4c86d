import WebKit

/// The scripts of this app are registered by a framework the app links (not in these sources):
/// it adds each script under every name of its `messageNames`.
protocol PageScript: WKScriptMessageHandler {
    var source: String { get }
    var messageNames: [String] { get }
}

final class FaviconScript: NSObject, PageScript {
    var source: String = ""
    var messageNames: [String] = ["faviconFound"]

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let href = message.body as? String else { return }
        print(href)
    }
}

final class DebugScript: NSObject, PageScript {
    struct MessageNames {
        static let signpost = "signpost"
        static let log = "log"
    }

    var source: String = ""
    var messageNames: [String] = [MessageNames.signpost, MessageNames.log]

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        switch message.name {
        case MessageNames.signpost:
            guard let body = message.body as? [String: Any], let event = body["event"] as? String else { return }
            print(event)
        case MessageNames.log:
            print(message.body)
        default:
            break
        }
    }
}

final class ConsentScript: NSObject, PageScript {
    enum MessageName: String, CaseIterable {
        case consentInit = "init"
        case consentDone = "done"
    }

    var source: String = ""
    var messageNames: [String] { MessageName.allCases.map(\.rawValue) }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

/// Replies: the framework can only add it with reply, so a post may await its answer.
final class LookupScript: NSObject, PageScript, WKScriptMessageHandlerWithReply {
    var source: String = ""
    var messageNames: [String] = ["lookup"]

    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping (Any?, String?) -> Void
    ) {
        replyHandler(nil, nil)
    }
}

/// Registered here, by hand: its list is not how it is registered, so "listedOnly" is not.
final class ShareScript: NSObject, PageScript {
    var source: String = ""
    var messageNames: [String] = ["listedOnly"]

    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "share")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

/// Not a receiver: a list of names in a type WebKit never calls registers nothing.
struct Settings {
    var featureNames: [String] = ["darkMode"]
}
