import WebKit

// True duplicates: two unconditional adds of one name on one controller in one scope.
final class TrueDuplicates: NSObject {
    let controller = WKUserContentController()

    func install() {
        controller.add(self, name: "twice")
        controller.add(self, name: "twice")
    }

    func register(_ name: String) {
        controller.add(self, name: name)
    }

    func installThroughWrapper() {
        register("wrappedTwice")
        register("wrappedTwice")
    }
}
