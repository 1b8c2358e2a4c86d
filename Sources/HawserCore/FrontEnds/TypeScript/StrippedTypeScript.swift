import TreeSitter

/// Which grammar reads a TypeScript file, by its name.
enum TypeScriptDialect: String, Sendable, Codable {
    /// `.ts`, `.mts` and `.cts`: tree-sitter-typescript's `typescript` grammar.
    case typescript
    /// `.tsx`: the `tsx` grammar (TypeScript with JSX).
    case tsx

    /// The dialect of a file name; nil for JavaScript and for declaration files (`.d.ts`,
    /// `.d.mts`, `.d.cts`), which hold only types and are read for nothing.
    init?(path: String) {
        guard SourceFile.isTypeScript(path) else { return nil }
        self = path.lowercased().hasSuffix(".tsx") ? .tsx : .typescript
    }

    var grammar: Grammar { self == .tsx ? .tsx : .typescript }
}

/// The JavaScript a TypeScript source stands for (`TypeScriptStripper`), and how its positions
/// lead back to the source.
///
/// Outside `replacements`, every byte of `javascript` is the source byte it stands for: type
/// syntax became spaces, one per UTF-16 unit, and its newlines were kept, so lines and UTF-16
/// columns are the source's. A few blanked bytes hold a token that keeps the JavaScript meaning
/// what the TypeScript meant: a `;` where an erased statement, member or `as T` would let two
/// lines join, an arrow function's `)` moved to the end of a return type that spanned lines (so
/// `=>` stays on its line), and the parentheses an erased assertion needs (`(1 + 1) * 2` for
/// `1 + 1 as number * 2`). The text differs in length where syntax had to be compiled (an `enum`,
/// a constructor's parameter properties, `import x = require(…)`, `export =`, the `export {};`
/// ending a file whose imports and exports were all types), where a parenthesis had no blank to
/// hold it, and where bytes were dropped (the rest of a blanked non-ASCII character, the blanks
/// that end a line: replaced by nothing); each such place is a `Replacement`, and
/// `sourceOffset(ofOutput:)` maps through them.
struct StrippedTypeScript: Hashable, Sendable, Codable {
    /// One compiled place: the source bytes `source` were replaced by the output bytes `output`.
    struct Replacement: Hashable, Sendable, Codable {
        var source: Range<Int>
        var output: Range<Int>
    }

    /// The JavaScript text (UTF-8).
    var javascript: [UInt8]
    /// The compiled places, in order, none overlapping.
    var replacements: [Replacement]
    /// Refused syntax (`unsupported-typescript`) and syntax errors, at source positions.
    var diagnostics: [Diagnostic]
    /// The names the module exports as types only (`export interface A`, `export type B = …`,
    /// `export type { C }`, `export { type D }`, `export { E }` of a local type), sorted: erased
    /// here, so an import or re-export of one elsewhere names nothing at run time, and the
    /// linker lets it go as a type, as esbuild does, instead of reporting a missing export.
    var typeExports: [String]
    /// The types written for its runtime calls' payloads and replies, and the interfaces and
    /// aliases they may name (TypeScript types into the bridge).
    var bridgeTypes = TypeScriptBridgeTypes()

    init(javascript: [UInt8], replacements: [Replacement] = [], diagnostics: [Diagnostic] = [], typeExports: [String] = []) {
        self.javascript = javascript
        self.replacements = replacements
        self.diagnostics = diagnostics
        self.typeExports = typeExports
    }

    /// Whether every output byte sits at its source offset (nothing was compiled).
    var keepsEveryPosition: Bool { replacements.isEmpty }

    /// The source offset of an output offset: itself before the first replacement, the start of
    /// the replaced source inside one, and shifted by the replacements' growth after them.
    func sourceOffset(ofOutput offset: Int) -> Int {
        var low = 0, high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle].output.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offset }
        let replacement = replacements[low - 1]
        if offset < replacement.output.upperBound { return replacement.source.lowerBound }
        return offset - replacement.output.upperBound + replacement.source.upperBound
    }
}
