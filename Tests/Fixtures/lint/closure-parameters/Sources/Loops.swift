import WebKit

// `for … in` over a parameter, a property, an optional property and a function's result binds
// its variable as a closure's parameter does.
final class LoopInstaller {
    let controller: WKUserContentController
    let loopProperty = ["loopProperty"]
    var loopOptional: [String]? = ["loopOptional"]

    init(controller: WKUserContentController) {
        self.controller = controller
        install(names: ["loopParameter"])
    }

    func loopResult() -> [String] { ["loopResult"] }

    func install(names: [String]) {
        for name in names { controller.add(self, name: name) }
        for name in loopProperty { controller.add(self, name: name) }
        for name in loopOptional ?? [] { controller.add(self, name: name) }
        for name: String in loopResult() { controller.add(self, name: name) }
    }
}
