fileprivate struct MessageName {
    static let shared = "sameFileWins"
}

final class Installer {
    static let staticConstant = "staticConstant"
    static let selfConstant = "selfConstant"
    private let letArray = ["fromLetArray"]

    func install(_ c: WKUserContentController, _ h: Handler) {
        c.add(h, name: "literal")
        c.add(h, name: globalConstant)
        c.add(h, name: Installer.staticConstant)
        c.add(h, name: Self.selfConstant)
        c.add(h, name: Routes.Nested.constant)
        c.add(h, name: Action.load.rawValue)
        c.add(h, name: Action.save.rawValue)
        for name in ["fromArray"] {
            c.add(h, name: name)
        }
        for name in letArray {
            c.add(h, name: name)
        }
        for handler in Loop.allCases {
            c.add(h, name: handler.rawValue)
        }
        c.add(h, name: MessageName.shared)
    }
}
