/// When a user script is injected.
enum InjectionTime: String, Sendable, Hashable, Codable {
    case documentStart, documentEnd
}

/// The content world a user script runs in.
enum ContentWorldSpec: Hashable, Sendable, Codable {
    case page, defaultClient, named(String)
}

extension ContentWorldSpec {
    /// The world a native argument names: `.page`, `WKContentWorld.page`, `.defaultClient`,
    /// `[WKContentWorld pageWorld]`, `.world(name: "x")`. Nil for anything else (a variable, a call).
    init?(swift text: String) {
        let compact = text.filter { !$0.isWhitespace }
        switch compact {
        case ".page", "WKContentWorld.page", "WKContentWorld.pageWorld", "[WKContentWorldpageWorld]": self = .page
        case ".defaultClient", "WKContentWorld.defaultClient", "WKContentWorld.defaultClientWorld", "[WKContentWorlddefaultClientWorld]":
            self = .defaultClient
        default:
            for prefix in [".world(name:\"", "WKContentWorld.world(name:\""] where compact.hasPrefix(prefix) && compact.hasSuffix("\")") {
                let name = compact.dropFirst(prefix.count).dropLast(2)
                guard !name.contains("\""), !name.contains("\\") else { return nil }
                self = .named(String(name))
                return
            }
            return nil
        }
    }
}

extension ContentWorldSpec {
    /// The world as `@world` (and `scriptMetadata`'s `world`) writes it.
    init(metadataValue value: String) {
        switch value {
        case "page": self = .page
        case "defaultClient": self = .defaultClient
        default: self = .named(value)
        }
    }

    var metadataValue: String {
        switch self {
        case .page: return "page"
        case .defaultClient: return "defaultClient"
        case .named(let name): return name
        }
    }
}
