import WebKit

/// An instance requirement that many types implement, each its own way.
protocol UserScript: AnyObject {
    var messageNames: [String] { get }
}

extension UserScript {
    var messageNames: [String] { [] }
}

class DebugScript: UserScript {
    struct MessageNames {
        static let signpost = "signpost"
        static let log = "log"
    }

    var messageNames: [String] { [MessageNames.signpost, MessageNames.log] }
}

final class VerboseDebugScript: DebugScript {
    override var messageNames: [String] { super.messageNames + ["verbose"] }
}

final class ConsentScript: UserScript {
    enum Message: String, CaseIterable {
        case `init`, cmpDetected, done
    }

    var messageNames: [String] { Message.allCases.map(\.rawValue) }
}

/// Takes the default: no names.
final class PlainScript: UserScript {}

final class ToggleScript: UserScript {
    let messageNames: [String]

    init(compact: Bool) {
        messageNames = compact ? ["toggleCompact"] : ["toggle", "toggleCompact"]
    }
}

extension WKUserContentController {
    /// Registers without a receiver, inside an extension of the controller.
    func install(_ script: UserScript, handler: WKScriptMessageHandler) {
        for name in script.messageNames {
            add(handler, name: name)
        }
    }
}
