/// The string constants, string arrays and `String`-backed enums declared in the scanned Swift
/// files, keyed by their qualified name (`Names.Inner.observer`, `Handler.load`).
///
/// Lookups follow two rules: a declaration in the same file as the use wins over the others;
/// otherwise the declarations must agree on their value, or the name is ambiguous (nil).
struct SwiftSymbolTable {
    struct Entry<Value: Equatable> {
        var file: String
        var value: Value
    }

    /// `let`/`static let` initialised by one string literal.
    var constants: [String: [Entry<String>]] = [:]
    /// `let`/`static let` initialised by an array literal of string literals.
    var arrays: [String: [Entry<[String]>]] = [:]
    /// Cases of `String`-backed enums: `Enum.case` → raw value.
    var enumCases: [String: [Entry<String>]] = [:]
    /// `String`-backed enums: `Enum` → the raw values of all cases, in declaration order.
    var enumAllCases: [String: [Entry<[String]>]] = [:]

    static func key(_ path: [String]) -> String { path.joined(separator: ".") }

    /// Resolves `path` as written at a use in `file` inside the type `typePath`. A leading `Self`
    /// (or `self`) means the enclosing type; otherwise the name is looked up from the innermost
    /// enclosing type outwards, as Swift's lexical lookup does.
    static func lookup<Value: Equatable>(
        _ table: [String: [Entry<Value>]], path: [String], file: String, typePath: [String]
    ) -> Value? {
        guard let first = path.first else { return nil }
        if first == "Self" || first == "self" {
            guard !typePath.isEmpty else { return nil }
            return decide(table[key(typePath + path.dropFirst())], file: file)
        }
        for depth in stride(from: typePath.count, through: 0, by: -1) {
            if let candidates = table[key(Array(typePath.prefix(depth)) + path)], !candidates.isEmpty {
                return decide(candidates, file: file)
            }
        }
        return nil
    }

    private static func decide<Value: Equatable>(_ candidates: [Entry<Value>]?, file: String) -> Value? {
        guard let candidates, !candidates.isEmpty else { return nil }
        let sameFile = candidates.filter { $0.file == file }
        let pool = sameFile.isEmpty ? candidates : sameFile
        let value = pool[0].value
        return pool.allSatisfy({ $0.value == value }) ? value : nil
    }
}
