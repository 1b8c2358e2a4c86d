/// What a handler is for, in the bridge contract.
enum HandlerKind: String, CaseIterable, Sendable {
    /// Fire-and-forget: the result is never used.
    case message
    /// Expects a reply: used through `hawser.call` or through a used `postMessage` result.
    case request
}

/// How a request's reply reaches the script.
enum Transport: String, CaseIterable, Sendable {
    /// WebKit's reply handlers (iOS 14+, macOS 11+): `postMessage` returns a Promise.
    case reply
    /// For older targets: the runtime posts `{id, payload}` and native calls `settle`.
    case settle
}
