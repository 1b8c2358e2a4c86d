/// Resolving the name expression of a registration to the handler names it stands for.
extension SwiftFrontEnd {
    /// The names `use` registers (several for a loop variable), or nil when the name cannot be
    /// determined statically.
    static func resolve(_ use: SwiftFileScanner.RegistrationUse, symbols: SwiftSymbolTable) -> [String]? {
        let tokens = use.nameTokens
        if tokens.count == 1, tokens[0].kind == .string {
            guard !tokens[0].isUnterminated, let value = tokens[0].stringValue else { return nil }
            return [value]
        }
        guard let path = memberPath(tokens) else { return nil }
        // A loop variable shadows everything else of the same name.
        if let loop = use.loops.last(where: { $0.variable == path[0] }) {
            guard let (values, fromEnum) = loopValues(loop, use: use, symbols: symbols) else { return nil }
            let expected = fromEnum ? [loop.variable, "rawValue"] : [loop.variable]
            return path == expected ? values : nil
        }
        if path.count >= 2, path.last == "rawValue" {
            return SwiftSymbolTable.lookup(
                symbols.enumCases, path: Array(path.dropLast()), file: use.file, typePath: use.typePath
            ).map { [$0] }
        }
        return SwiftSymbolTable.lookup(symbols.constants, path: path, file: use.file, typePath: use.typePath)
            .map { [$0] }
    }

    /// The values a loop variable takes: an array literal of strings, a constant holding one,
    /// or `Enum.allCases` (then `fromEnum`, and the variable must be used as `v.rawValue`).
    private static func loopValues(
        _ loop: SwiftFileScanner.LoopBinding, use: SwiftFileScanner.RegistrationUse, symbols: SwiftSymbolTable
    ) -> (values: [String], fromEnum: Bool)? {
        let source = loop.source
        if let first = source.first, first.isSymbol("["), source.last?.isSymbol("]") == true {
            var values: [String] = []
            for (index, token) in source.dropFirst().dropLast().enumerated() {
                if index % 2 == 1 {
                    guard token.isSymbol(",") else { return nil }
                    continue
                }
                guard token.kind == .string, !token.isUnterminated, let value = token.stringValue else { return nil }
                values.append(value)
            }
            return (values, false)
        }
        guard let path = memberPath(source) else { return nil }
        if path.count >= 2, path.last == "allCases" {
            return SwiftSymbolTable.lookup(
                symbols.enumAllCases, path: Array(path.dropLast()), file: use.file, typePath: use.typePath
            ).map { ($0, true) }
        }
        return SwiftSymbolTable.lookup(symbols.arrays, path: path, file: use.file, typePath: use.typePath)
            .map { ($0, false) }
    }

    /// `a.b.c` as `["a", "b", "c"]`, or nil when the tokens are anything else.
    private static func memberPath(_ tokens: [SwiftToken]) -> [String]? {
        guard tokens.count % 2 == 1 else { return nil }
        var path: [String] = []
        for (index, token) in tokens.enumerated() {
            if index % 2 == 1 {
                guard token.isSymbol(".") else { return nil }
            } else {
                guard token.kind == .identifier else { return nil }
                path.append(token.identifier)
            }
        }
        return path
    }
}
