import WebKit

enum Key {
    static let path = "filePath"
}

enum Handler: String {
    case save
    case track
}

/// One class per handler: every message it gets is readFile's.
final class ReadFileHandler: NSObject, WKScriptMessageHandler {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let dict = message.body as? [String: Any], let path = dict[Key.path] as? String else { return }
        print(path)
    }
}

/// A weak proxy: the messages are received by the object it forwards to.
final class Proxy: NSObject, WKScriptMessageHandler {
    weak var target: WKScriptMessageHandler?
    init(_ target: WKScriptMessageHandler) { self.target = target }
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        target?.userContentController(userContentController, didReceive: message)
    }
}

final class Player: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(ReadFileHandler(), name: "readFile")
        controller.add(Proxy(self), name: "media")
        controller.add(self, name: "log")
        controller.add(self, name: Handler.save.rawValue)
        controller.add(self, name: "optional")
        controller.add(self, name: "action")
        controller.add(self, name: Handler.track.rawValue)
        controller.add(self, name: "forced")
        controller.add(self, name: "unread")
        controller.add(self, name: "variable")
        controller.add(self, name: "wrapped")
        controller.add(self, name: "mutated")
        // A handler object held by a local first.
        let handler = LocalHandler()
        controller.add(handler, name: "local")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        if message.name == "forced" {
            let body = message.body as! [String: Any]
            let count = body["count"] as! Int
            print(count)
            return
        }
        guard message.name != "unread" else { return }
        switch message.name {
        case "media":
            guard let body = message.body as? [String: Any] else { return }
            if let playing = body["data"] as? Bool { print(playing) }
        case "log":
            guard let text = message.body as? String else { return }
            print(text)
        case Handler.save.rawValue:
            // Sent, and of the right kind: no report.
            guard let body = message.body as? [String: Any], let title = body["title"] as? String,
                  let size = body["size"] as? Int else { return }
            print(title, size)
        case "optional":
            // An optional read of a key no post sends: no report.
            let body = message.body as? [String: Any]
            let note = body?["note"] as? String
            print(note ?? "")
            if let dict = message.body as? [String: Any], let tag = dict["tag"] as? String { print(tag) }
        case "action":
            // A guard after an early way out: only some messages reach it, no report.
            guard let body = message.body as? [String: Any], let kind = body["kind"] as? String else { return }
            if kind == "close" { return }
            guard let url = body["url"] as? String else { return }
            print(url)
        case Handler.track.rawValue:
            // The body goes to a helper: what it reads is not followed.
            Analytics.record(message.body)
        case "variable", "mutated":
            // A constant object posted by name: its keys are read where it is written.
            guard let body = message.body as? [String: Any], let id = body["id"] as? String else { return }
            print(id)
        case "wrapped":
            // Posted through a function that wraps the handler: each call's literal is a post.
            guard let body = message.body as? [String: Any], let id = body["id"] as? String else { return }
            print(id)
        default:
            break
        }
    }
}

final class LocalHandler: NSObject, WKScriptMessageHandler {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let body = message.body as? [String: Any], let file = body["file"] as? String else { return }
        print(file)
    }
}

enum Analytics {
    static func record(_ body: Any) {}
}
