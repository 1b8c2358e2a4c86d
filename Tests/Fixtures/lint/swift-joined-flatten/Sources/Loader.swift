import WebKit

// `joined()` of a sequence of sequences only flattens it: the names pass through. Of strings,
// or with a separator, it builds a new string at runtime.
final class Pack {
    let channels: [String]
    init(channels: [String]) { self.channels = channels }
}

enum Packs {
    static let core = Pack(channels: ["hostCall", "hostLog"])
    static let extra = Pack(channels: ["hostPing"])
}

final class Loader {
    var byStage: [Int: [Pack]] = [0: [Packs.core], 1: [Packs.extra], 2: []]
    let groups: [[String]] = [["flatAlpha"], ["flatBeta"]]

    func load(_ controller: WKUserContentController, handler: WKScriptMessageHandler) {
        let all = byStage.compactMap({ $0.value }).joined()
        for pack in all {
            for channel in pack.channels {
                controller.add(handler, name: channel)
            }
        }
        for name in groups.joined() {
            controller.add(handler, name: name)
        }
        // Strings joined: a new name made at runtime, still unresolved.
        controller.add(handler, name: ["host", "Call"].joined())
        controller.add(handler, name: groups[0].joined(separator: "_"))
    }

    func reload(_ controller: WKUserContentController, handler: WKScriptMessageHandler) {
        for pack in byStage.values.joined() {
            pack.channels.forEach { controller.add(handler, name: $0) }
        }
    }
}
