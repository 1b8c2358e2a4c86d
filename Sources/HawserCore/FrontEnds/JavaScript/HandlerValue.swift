import TreeSitter

/// What an expression denotes, as far as message handlers are concerned. Positions are in the
/// script's own coordinates (not yet mapped through the origin).
enum HandlerValue: Equatable {
    /// The global object: `window`, `self` or `globalThis`.
    case global
    /// `window.webkit`.
    case webkit
    /// `window.webkit.messageHandlers`.
    case messageHandlers
    /// One handler; `at` is where its name is written (property, string literal or key).
    case handler(name: String, at: SourcePoint)
    /// A handler whose name is computed at runtime by `expression`.
    case dynamicHandler(expression: String, at: SourcePoint)
    /// A `let`/`var` alias of something handler-related that is reassigned, so its value at a
    /// given use cannot be known.
    case unsound(name: String)

    /// Whether the value is (part of) the message-handler API rather than the global object.
    var isHandlerRelated: Bool {
        switch self {
        case .global: return false
        case .webkit, .messageHandlers, .handler, .dynamicHandler, .unsound: return true
        }
    }

    /// The value of property `name` (written at `at`) of this value.
    func member(_ name: String, at: SourcePoint) -> HandlerValue? {
        switch self {
        case .global:
            switch name {
            case "webkit": return .webkit
            case "window", "self", "globalThis": return .global
            default: return nil
            }
        case .webkit:
            return name == "messageHandlers" ? .messageHandlers : nil
        case .messageHandlers:
            return .handler(name: name, at: at)
        case .handler, .dynamicHandler, .unsound:
            return nil
        }
    }
}
