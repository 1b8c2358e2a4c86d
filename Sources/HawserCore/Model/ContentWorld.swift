/// When a user script is injected.
enum InjectionTime: String, Sendable, Hashable {
    case documentStart, documentEnd
}

/// The content world a user script runs in.
enum ContentWorldSpec: Hashable, Sendable {
    case page, defaultClient, named(String)
}
