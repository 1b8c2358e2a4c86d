/// The `runtime` settings of `hawser.json`.
public struct RuntimeOptions: Equatable, Sendable {
    public static let defaultGlobal = "hawser"
    public static let defaultTimeoutMs = 30000

    /// The name of the global object the runtime installs.
    public var global = RuntimeOptions.defaultGlobal
    /// The default timeout of `call`, in milliseconds; 0 means none.
    public var timeoutMs = RuntimeOptions.defaultTimeoutMs

    public init() {}
}
