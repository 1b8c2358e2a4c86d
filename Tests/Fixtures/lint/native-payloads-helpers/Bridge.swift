import WebKit

enum BridgeMessage: String {
    case auth
    case theme
    case log
    case share
    case open
}

/// The receiver hands the dictionary and the name to a helper, which dispatches and hands
/// the dictionary to one helper per message: every read is a call or two away.
final class BridgeHandler: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "auth")
        controller.add(self, name: "theme")
        controller.add(self, name: "log")
        controller.add(self, name: "share")
        controller.add(self, name: "open")
        controller.add(self, name: "ignored")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let body = message.body as? [String: Any] else { return }
        handle(name: message.name, body: body)
    }

    private func handle(name: String, body: [String: Any]) {
        switch BridgeMessage(rawValue: name) {
        case .auth:
            handleAuth(body)
        case .theme:
            handleTheme(body)
        case .log:
            // Read only when a flag is set: optional.
            if body["verbose"] as? Bool == true {
                handleLog(body)
            }
        case .share:
            if let item = ShareItem(body) {
                print(item.url)
            }
        case .open:
            guard let target = OpenTarget(dictionary: body) else { return }
            print(target.path)
        default:
            handleUnknown(body)
        }
    }

    private func handleAuth(_ body: [String: Any]) {
        guard let callback = body["callback"] as? String else { return }
        let force = body["force"] as? Bool ?? false
        print(callback, force)
    }

    private func handleTheme(_ body: [String: Any]) {
        guard let colors = body["colors"] as? [String: Any] else { return }
        print(colors)
    }

    private func handleLog(_ body: [String: Any]) {
        guard let text = body["text"] as? String else { return }
        print(text)
    }

    private func handleUnknown(_ body: [String: Any]) {
        print(body)
    }
}

/// Read in an `if let`: nothing it requires drops the message.
struct ShareItem {
    var url: String
    init?(_ dictionary: [String: Any]) {
        guard let url = dictionary["url"] as? String else { return nil }
        self.url = url
    }
}

/// Read in a guard: its required keys are the message's.
struct OpenTarget {
    var path: String
    init?(dictionary: [String: Any]) {
        guard let path = dictionary["path"] as? String else { return nil }
        self.path = path
    }
}

/// A weak proxy made with a property of the registering type: the property's type receives.
final class WeakProxy: NSObject, WKScriptMessageHandler {
    weak var delegate: WKScriptMessageHandler?
    init(delegate: WKScriptMessageHandler) { self.delegate = delegate }
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        delegate?.userContentController(userContentController, didReceive: message)
    }
}

final class ProfileHandler: NSObject, WKScriptMessageHandler {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let body = message.body as? [String: Any] else { return }
        visit(body, depth: 0)
    }

    /// Calls itself: read once, and the walk ends.
    private func visit(_ node: [String: Any], depth: Int, limit: Int = 3) {
        guard let id = node["id"] as? String else { return }
        print(id)
        visit(node, depth: depth + 1)
    }
}

final class Screen {
    let profileHandler = ProfileHandler()

    func install(_ controller: WKUserContentController) {
        let proxy = WeakProxy(delegate: profileHandler)
        controller.add(proxy, name: "profile")
    }
}
