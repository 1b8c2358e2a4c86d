/// When a user script is injected.
public enum InjectionTime: String, Sendable, Hashable {
    case documentStart, documentEnd
}

/// The content world a user script runs in.
public enum ContentWorldSpec: Hashable, Sendable {
    case page, defaultClient, named(String)
}
