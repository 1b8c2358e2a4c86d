import WebKit

/// A static requirement read through `type(of:)`: the union over every conformer.
protocol TabScript {
    static var messageHandlerName: String { get }
}

final class FocusScript: TabScript {
    static let messageHandlerName = "focusHelper"
}

final class FindScript: TabScript {
    static let messageHandlerName = "findInPage"
}

final class Legacy {}

extension Legacy: TabScript {
    static let messageHandlerName = "legacyScript"
}

/// An alias of another conformer's name.
final class FindMirror: TabScript {
    static let messageHandlerName = FindScript.messageHandlerName
}

/// Built at runtime: a name pattern, TrackerScript_*.
final class TrackerScript: TabScript {
    static let scriptName = "TrackerScript"
    static let messageHandlerName = "\(scriptName)_\(UUID().uuidString)"
}

final class TabManager: NSObject, WKScriptMessageHandler {
    func install(_ script: TabScript, in controller: WKUserContentController) {
        let name = type(of: script).messageHandlerName
        controller.add(self, contentWorld: .defaultClient, name: name)
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
