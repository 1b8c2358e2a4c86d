/// One `@require` line: the name of another script, and where the name is written.
struct ScriptRequire: Hashable, Sendable {
    var name: String
    /// The position of the name's first byte.
    var location: SourceLocation

    init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// What a script's metadata block says. Optional fields are nil when the block does not give
/// them; callers apply the defaults.
struct ScriptMetadata: Hashable, Sendable {
    /// nil = not given (the caller defaults it to the file name).
    var name: String?
    /// The position of the `@name` value's first byte.
    var nameLocation: SourceLocation?
    /// nil = not given (callers default: .js → documentEnd, .css → documentStart).
    var runAt: InjectionTime?
    var noFrames: Bool
    /// nil = not given (the default is the page world).
    var world: ContentWorldSpec?
    var match: [MatchPattern]
    var excludeMatch: [MatchPattern]
    var requires: [ScriptRequire]
    var unwrap: Bool
    var description: String?
    /// Where each key is first written (its `@`), for checks made after parsing.
    var keyLocations: [String: SourceLocation] = [:]
    /// Where the block opens (`// ==UserScript==`), when the script has one.
    var blockLocation: SourceLocation?

    init(
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
