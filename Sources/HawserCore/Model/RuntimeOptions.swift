/// The `runtime` settings of `hawser.json`.
struct RuntimeOptions: Equatable, Sendable {
    static let defaultGlobal = "hawser"
    static let defaultTimeoutMs = 30000

    /// The name of the global object the runtime installs.
    var global = RuntimeOptions.defaultGlobal
    /// The default timeout of `call`, in milliseconds; 0 means none.
    var timeoutMs = RuntimeOptions.defaultTimeoutMs

    init() {}
}
