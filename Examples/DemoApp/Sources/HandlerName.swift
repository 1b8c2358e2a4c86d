/// The message handlers the demo's user scripts talk to.
enum HandlerName: String, CaseIterable {
    case observer
    case imageChanged
    case stateSync
    case pageReady
    case hashChanged
}

/// Handlers that answer through a promise (registered with reply).
enum ReplyHandlerName {
    static let readFile = "readFile"
}
