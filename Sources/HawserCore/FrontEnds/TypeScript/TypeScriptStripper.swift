import TreeSitter

/// Turns TypeScript into the JavaScript it stands for, in one pass over its syntax tree (see
/// `StrippedTypeScript`). SKELETON: returns the source unchanged until the real pass lands.
enum TypeScriptStripper {
    static func strip(_ source: [UInt8], file: String, dialect: TypeScriptDialect) -> StrippedTypeScript {
        StrippedTypeScript(javascript: source)
    }
}
