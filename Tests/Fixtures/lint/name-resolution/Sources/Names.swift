let globalConstant = "globalConstant"

enum Routes {
    enum Nested {
        static let constant = "nestedConstant"
    }
}

enum Action: String, CaseIterable {
    case load = "loadData"
    case save
}

enum Loop: String, CaseIterable {
    case caseA, caseB
}

fileprivate struct MessageName {
    static let shared = "otherFile"
}

func installFromNames(_ c: WKUserContentController, _ h: Handler) {
    // Resolves to this file's MessageName: "otherFile".
    c.add(h, name: MessageName.shared)
}
