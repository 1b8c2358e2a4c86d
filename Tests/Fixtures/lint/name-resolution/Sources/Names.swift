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
