import WebKit

// A name stored for later and added either now or later: never two adds of one name.
final class DeferredRegistrar: NSObject {
    let controller = WKUserContentController()
    var isEnabled = false
    var pending: [String: Bool] = [:]

    func registerMessage(named name: String) {
        if isEnabled {
            controller.add(self, name: name)
        } else {
            pending[name] = true
        }
    }

    func enable() {
        isEnabled = true
        for key in pending.keys {
            controller.add(self, name: key)
        }
    }

    func setUp() {
        registerMessage(named: "deferredReady")
        registerMessage(named: "deferredClose")
    }
}

// A wrapper that adds only under a condition: two calls are not certainly two adds.
final class ConditionalWrapper: NSObject {
    let controller = WKUserContentController()
    var allowed = true

    func addIfAllowed(_ name: String) {
        guard allowed else { return }
        if allowed { controller.add(self, name: name) }
    }

    func setUp() {
        addIfAllowed("maybeTwice")
        addIfAllowed("maybeTwice")
    }
}

// A closure may run later, or never: an add in it is not certain.
final class CompletionRegistrar: NSObject {
    let controller = WKUserContentController()

    func load(completion: @escaping () -> Void) {}

    func setUp() {
        controller.add(self, name: "afterLoad")
        load {
            controller.add(self, name: "afterLoad")
        }
    }
}
