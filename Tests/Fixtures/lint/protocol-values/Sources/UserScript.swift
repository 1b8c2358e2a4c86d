import WebKit

protocol UserScript {
    var messageNames: [String] { get }
}

protocol NamedScript {
    static var scriptName: String { get }
}

struct ReaderScript: UserScript {
    let messageNames = ["readerReady", "readerProgress"]
}

struct PrintScript: UserScript {
    var messageNames: [String] { ["print"] }
}

final class ShareScript: UserScript {
    static let shared = ["share"]
    var messageNames: [String] = ShareScript.shared
}

// A conformer whose names are set from outside after it is made.
final class ConfigurableScript: UserScript {
    var messageNames: [String] = []
}

struct FocusScript: NamedScript {
    static let scriptName = "focus"
}

struct FindScript: NamedScript {
    static var scriptName: String { "findInPage" }
}
