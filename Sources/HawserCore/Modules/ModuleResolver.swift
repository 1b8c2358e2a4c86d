/// How a specifier is reached, which picks the active `exports` condition (`import` or `require`).
enum ImportKind: Sendable, Hashable {
    case `import`
    case require
}

/// Resolves module specifiers as node does for the browser (placeholder: the resolver is being
/// written on branch modules-resolve).
enum ModuleResolver {}
