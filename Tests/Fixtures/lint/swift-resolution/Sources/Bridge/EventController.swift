import WebKit

final class EventController: NSObject, WKScriptMessageHandler {
    let controller: WKUserContentController

    init(controller: WKUserContentController) {
        self.controller = controller
        super.init()
        // A `where` filter: the union of the cases, and never a duplicate.
        for case let event in Events.allCases where event != .legacy {
            controller.add(self, name: event.rawValue)
        }
        Events.allCases.filter { $0 == .legacy }.forEach { controller.add(self, name: $0.rawValue) }
    }

    /// A wrapper: each call site supplies the name, and is where it is reported.
    func register(_ name: String) {
        controller.add(self, name: name)
    }

    func install(userName: String) {
        register("haptic")
        register(Haptics.tap)
        // Deliberately unused: no script posts to it.
        register("deprecatedHaptic")
        // Not a constant: reported where the wrapper receives it.
        register(userName)
    }

    func uninstall() {
        Events.allCases.forEach { controller.removeScriptMessageHandler(forName: $0.rawValue) }
        ["haptic"].forEach(controller.removeScriptMessageHandler)
        controller.removeAllScriptMessageHandlers()
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

/// A test double that records what is added: its own `add` forwards, it registers nothing.
final class SpyController: WKUserContentController {
    var added: [String] = []
    override func add(_ handler: WKScriptMessageHandler, name: String) {
        added.append(name)
        super.add(handler, name: name)
    }
    let selector = #selector(WKUserContentController.add(_:name:))
}
