import WebKit

enum Route: String {
    case openFile
    case close = "closeWindow"
    case rename
    case share
}

enum Bridge {
    enum Message: String {
        case ping
        case pong
    }
}

/// A switch on the enum made from the name: each case receives its raw value's messages.
final class Router: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: Route.openFile.rawValue)
        controller.add(self, name: Route.close.rawValue)
        controller.add(self, name: Route.rename.rawValue)
        controller.add(self, name: Route.share.rawValue)
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        switch Route(rawValue: message.name) {
        case .openFile:
            guard let body = message.body as? [String: Any], let path = body["path"] as? String else { return }
            print(path)
        case .close?:
            // Sent, and of the right kind: no report.
            guard let body = message.body as? [String: Any], let animated = body["animated"] as? Bool else { return }
            print(animated)
        case Route.rename:
            guard let body = message.body as? [String: Any], let title = body["title"] as? String else { return }
            print(title)
        case .share:
            // An optional read of a key no post sends: no report.
            let body = message.body as? [String: Any]
            print(body?["url"] as? String ?? "")
        case nil:
            break
        }
    }
}

/// The enum bound first, then switched on or compared.
final class Pinger: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: Bridge.Message.ping.rawValue)
        controller.add(self, name: Bridge.Message.pong.rawValue)
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let kind = Bridge.Message(rawValue: message.name) else { return }
        if kind == .pong {
            guard let count = message.body as? Int else { return }
            print(count)
            return
        }
        switch kind {
        case .ping:
            guard let body = message.body as? [String: Any], let id = body["id"] as? String else { return }
            print(id)
        default:
            break
        }
    }
}
