/// Raw values: implicit, explicit, and a backquoted keyword case.
enum Events: String, CaseIterable {
    case ready
    case `init`
    case scrolled = "didScroll"
    case legacy
}

enum Haptics {
    static let tap = "hapticTap"
}
