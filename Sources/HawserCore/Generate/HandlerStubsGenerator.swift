/// A starting point for the app's implementation of `<Name>.Handlers`: one method per handler;
/// requests throw `StubError.notImplemented`, messages do nothing. Written once and then edited
/// by hand, so it carries no "do not edit" header.
///
/// Assumes the generated `<Name>.swift` declares `public enum <Name>` with a `@MainActor`
/// `protocol Handlers` and the payload and reply types (`<TypeName>Payload`,
/// `<TypeName>Reply`) nested in `<Name>`, which is why they are written qualified here.
public enum HandlerStubsGenerator {
    public static func generate(_ model: BridgeModel, typeName: String? = nil) -> String {
        let typeName = typeName ?? "\(model.name)Handlers"
        var out = ""
        func line(_ text: String = "") { out += text + "\n" }

        line("// \(GeneratedHeader.marker) as a starting point for \(model.name).Handlers; edit freely.")
        line("// `hawser stubs` never overwrites this file without --force: it lists the requirements")
        line("// the file does not implement yet instead.")
        line()
        line("/// Thrown by the requests that are not implemented yet; the script's promise rejects with it.")
        line("private enum StubError: Error, CustomStringConvertible {")
        line("    case notImplemented(String)")
        line()
        line("    var description: String {")
        line("        switch self {")
        line("        case .notImplemented(let handler): return \"not implemented: \\(handler)\"")
        line("        }")
        line("    }")
        line("}")
        line()
        line("@MainActor")
        line("final class \(typeName): \(model.name).Handlers {")
        for (index, handler) in model.handlers.enumerated() {
            if index > 0 { line() }
            line("    /// \(summary(handler))")
            line("    \(requirement(handler, in: model)) {")
            switch handler.kind {
            case .request:
                line("        throw StubError.notImplemented(\(SwiftStringLiteral.make(handler.name)))")
            case .message:
                line("        // TODO: handle \(GeneratedHeader.commentSafe(handler.name))")
            }
            line("    }")
        }
        line("}")
        return out
    }

    /// The requirements of `<Name>.Handlers` that `existing` (a Swift file) does not declare a
    /// `func` for, as signatures, in handler order. Only declarations count: the file is read as
    /// Swift tokens, so a `func readFile(` inside a comment or a string literal is not one.
    /// Names are compared, not parameter types.
    public static func missingRequirements(_ model: BridgeModel, in existing: [UInt8]) -> [String] {
        let declared = declaredFunctions(existing)
        return model.handlers.filter { !declared.contains($0.swiftName) }.map { requirement($0, in: model) }
    }

    /// The names of every `func NAME(` or `func NAME<` in the source, backticks removed.
    static func declaredFunctions(_ source: [UInt8]) -> Set<String> {
        let tokens = SwiftLexer.tokenize(source).filter { !$0.isComment }
        var names = Set<String>()
        for index in tokens.indices.dropLast(2) where tokens[index].isKeyword("func") {
            let name = tokens[index + 1], next = tokens[index + 2]
            guard name.kind == .identifier else { continue }
            if next.isSymbol("(") || (next.kind == .operatorSymbol && next.text.hasPrefix("<")) {
                names.insert(name.identifier)
            }
        }
        return names
    }

    /// `func readFile(_ payload: Bridge.ReadFilePayload) async throws -> Bridge.ReadFileReply`.
    static func requirement(_ handler: BridgeHandler, in model: BridgeModel) -> String {
        let name = SwiftNames.escaped(handler.swiftName)
        let payload = "\(model.name).\(handler.payloadTypeName)"
        switch handler.kind {
        case .request:
            return "func \(name)(_ payload: \(payload)) async throws -> \(model.name).\(handler.replyTypeName)"
        case .message:
            return "func \(name)(_ payload: \(payload)) async"
        }
    }

    private static func summary(_ handler: BridgeHandler) -> String {
        var text = "`\(handler.name)`: "
        switch handler.kind {
        case .request: text += "a request (\((handler.transport ?? .reply).rawValue) transport)"
        case .message: text += "a message"
        }
        var files: [String] = []
        for use in handler.uses where !files.contains(use.location.file) { files.append(use.location.file) }
        text += files.isEmpty ? "; no script uses it yet." : ", from \(files.joined(separator: ", "))."
        return GeneratedHeader.commentSafe(text)
    }
}
