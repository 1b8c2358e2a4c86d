/// One `@require` line: the name of another script, and where the name is written.
public struct ScriptRequire: Hashable, Sendable {
    public var name: String
    /// The position of the name's first byte.
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// What a script's metadata block says. Optional fields are nil when the block does not give
/// them; callers apply the defaults.
public struct ScriptMetadata: Hashable, Sendable {
    /// nil = not given (the caller defaults it to the file name).
    public var name: String?
    /// The position of the `@name` value's first byte.
    public var nameLocation: SourceLocation?
    /// nil = not given (callers default: .js → documentEnd, .css → documentStart).
    public var runAt: InjectionTime?
    public var noFrames: Bool
    /// nil = not given (the default is the page world).
    public var world: ContentWorldSpec?
    public var match: [MatchPattern]
    public var excludeMatch: [MatchPattern]
    public var requires: [ScriptRequire]
    public var unwrap: Bool
    public var description: String?
    /// Where each key is first written (its `@`), for checks made after parsing.
    public var keyLocations: [String: SourceLocation] = [:]

    public init(
        name: String? = nil, nameLocation: SourceLocation? = nil, runAt: InjectionTime? = nil,
        noFrames: Bool = false, world: ContentWorldSpec? = nil, match: [MatchPattern] = [],
        excludeMatch: [MatchPattern] = [], requires: [ScriptRequire] = [], unwrap: Bool = false,
        description: String? = nil
    ) {
        self.name = name
        self.nameLocation = nameLocation
        self.runAt = runAt
        self.noFrames = noFrames
        self.world = world
        self.match = match
        self.excludeMatch = excludeMatch
        self.requires = requires
        self.unwrap = unwrap
        self.description = description
    }
}
