/// Generates the one self-contained Swift file an app adds to its target: the contract's
/// handlers, their payload and reply types, the scripts to inject, a WebKit-independent
/// dispatcher, and (where WebKit exists) installation into a `WKUserContentController`.
///
/// The generated file needs no runtime library: everything it uses is in Foundation, WebKit
/// and UIKit. Its public surface is a contract with the apps that use it:
///
/// ```swift
/// public enum Bridge {
///     public enum Handler: String, CaseIterable, Sendable { … }
///     public struct Script: Sendable { name, source, injectionTime, mainFrameOnly, world }
///     public enum InjectionTime: Sendable { case documentStart, documentEnd }
///     public enum World: Sendable, Equatable { case page, defaultClient, named(String) }
///     public static let scripts: [Script]
///     public enum JSONValue: Codable, Sendable, Equatable { … }
///     @MainActor public protocol Handlers: AnyObject { … }
///     public enum DispatchOutcome: Sendable, Equatable { case delivered, reply(JSONValue), failure(String) }
///     @MainActor public static func dispatch(name:body:to:) async -> DispatchOutcome
///     @MainActor public static func dispatchWithSettleID(name:body:to:) async -> (settleID: String?, outcome: DispatchOutcome)
///     public static func origin(protocol:host:port:) -> String
///     public static func refusal(for:origin:isMainFrame:) -> String?
///     // #if canImport(WebKit): install(into:handlers:), uninstall(from:), emit(_:detail:in:)
///     // #if canImport(UIKit): applyNativeFeel(to:)
/// }
/// ```
enum SwiftBridgeGenerator {
    /// The first line of every generated file.
    static let header = GeneratedHeader.line(.lineComment)

    /// The complete file, deterministic for a given model: no timestamps, no absolute paths.
    static func generate(_ model: BridgeModel) -> String {
        let plan = TypePlan(model: model)
        var w = SwiftCodeWriter()
        w.line(header)
        w.line("// Produced by `hawser build` from the user scripts and the bridge contract; rebuild to update it.")
        w.line()
        w.line("import Foundation")
        w.line("#if canImport(WebKit)")
        w.line("import WebKit")
        w.line("#endif")
        w.line("#if canImport(UIKit)")
        w.line("import UIKit")
        w.line("#endif")
        w.line()
        writeNamespace(model, plan: plan, to: &w)
        w.line()
        writeTypeCoding(plan, namespace: model.name, to: &w)
        w.line()
        writeDispatcher(model, plan: plan, to: &w)
        w.line()
        writeWebKit(model, to: &w)
        return w.text
    }

    // MARK: - The namespace

    static func writeNamespace(_ model: BridgeModel, plan: TypePlan, to w: inout SwiftCodeWriter) {
        w.line("/// The bridge between the app and the scripts it injects into its web views: the message")
        w.line("/// handlers of the contract, their payload and reply types, and the scripts themselves.")
        w.block("public enum \(model.name) {") { w in
            writeHandlerEnum(model, to: &w)
            w.line()
            writeScriptTypes(to: &w)
            w.line()
            writeScripts(model, to: &w)
            w.line()
            w.lines(Templates.jsonValue)
            for declaration in plan.declarations {
                w.line()
                writeDeclaration(declaration, to: &w)
            }
            w.line()
            writeHandlersProtocol(model, to: &w)
        }
    }

    static func writeHandlerEnum(_ model: BridgeModel, to w: inout SwiftCodeWriter) {
        w.line("/// The message handlers of the contract. The raw value is the name scripts use,")
        w.line("/// `window.webkit.messageHandlers.NAME` or `\(model.runtimeGlobal).call(\"NAME\", …)`.")
        if model.handlers.isEmpty {
            // An enum without cases cannot declare a raw type, so the conformance is written out.
            w.block("public enum Handler: RawRepresentable, CaseIterable, Sendable {") { w in
                w.line("/// Always nil: the contract has no handlers.")
                w.line("public init?(rawValue: String) { return nil }")
                w.line()
                w.line("/// The name scripts use.")
                w.line("public var rawValue: String { switch self {} }")
            }
            return
        }
        w.block("public enum Handler: String, CaseIterable, Sendable {") { w in
            for handler in model.handlers {
                w.line("case \(SwiftNames.escaped(handler.swiftName)) = \(SwiftStringLiteral.make(handler.name))")
            }
        }
    }

    static func writeScriptTypes(to w: inout SwiftCodeWriter) {
        w.lines("""
        /// A user script to inject, as `hawser build` compiled it.
        public struct Script: Sendable {
            /// The script's name (its `@name`, or its file name).
            public let name: String
            /// The exact text to inject, byte for byte the emitted `.js` file.
            public let source: String
            /// When WebKit injects it.
            public let injectionTime: InjectionTime
            /// Whether it runs in the main frame only (`@noframes`).
            public let mainFrameOnly: Bool
            /// The content world it runs in.
            public let world: World
        }

        /// When a script is injected: `WKUserScriptInjectionTime`.
        public enum InjectionTime: Sendable {
            case documentStart, documentEnd
        }

        /// The content world a script runs in: `WKContentWorld`.
        public enum World: Sendable, Equatable {
            /// `WKContentWorld.page`, shared with the page's own scripts.
            case page
            /// `WKContentWorld.defaultClient`.
            case defaultClient
            /// `WKContentWorld.world(name:)`.
            case named(String)
        }
        """)
    }

    static func writeScripts(_ model: BridgeModel, to w: inout SwiftCodeWriter) {
        w.line("/// The scripts to inject, in injection order.")
        guard !model.scripts.isEmpty else {
            w.line("public static let scripts: [Script] = []")
            return
        }
        // A source injected into several worlds (the runtime) is written once.
        let counts = Dictionary(model.scripts.map { ($0.file, 1) }, uniquingKeysWith: +)
        let shared = model.scripts.reduce(into: [String: String]()) { names, script in
            guard counts[script.file, default: 0] > 1, names[script.file] == nil else { return }
            names[script.file] = "sharedSource\(names.count + 1)"
        }
        w.line("public static let scripts: [Script] = [")
        w.indent { w in
            for script in model.scripts {
                w.line("Script(")
                w.indent { w in
                    w.line("name: \(SwiftStringLiteral.make(script.name)),")
                    w.line("source: \(shared[script.file] ?? SwiftStringLiteral.make(script.text, indent: w.indentation)),")
                    w.line("injectionTime: .\(script.runAt.rawValue),")
                    w.line("mainFrameOnly: \(script.mainFrameOnly),")
                    w.line("world: \(worldExpression(script.world))")
                }
                w.line("),")
            }
        }
        w.line("]")
        var written = Set<String>()
        for script in model.scripts {
            guard let name = shared[script.file], written.insert(script.file).inserted else { continue }
            w.line()
            w.line("/// The source of `\(script.file)`, injected into \(counts[script.file, default: 0]) content worlds.")
            w.line("private static let \(name) = \(SwiftStringLiteral.make(script.text, indent: w.indentation))")
        }
    }

    /// `.page`, `.defaultClient` or `.named("…")`.
    static func worldExpression(_ world: ContentWorldSpec) -> String {
        switch world {
        case .page: return ".page"
        case .defaultClient: return ".defaultClient"
        case .named(let name): return ".named(\(SwiftStringLiteral.make(name)))"
        }
    }

    static func writeHandlersProtocol(_ model: BridgeModel, to w: inout SwiftCodeWriter) {
        w.line("/// The app's implementation of the handlers. WebKit delivers messages on the main thread,")
        w.line("/// so the requirements are isolated to the main actor. An error a request throws reaches")
        w.line("/// the script as the rejection message `String(describing: error)`.")
        w.line("@MainActor")
        w.block("public protocol Handlers: AnyObject {") { w in
            for (index, handler) in model.handlers.enumerated() {
                if index > 0 { w.line() }
                let name = SwiftNames.escaped(handler.swiftName)
                switch handler.kind {
                case .message:
                    w.line("/// `\(handler.name)`: a message; nothing is sent back.")
                    w.line("func \(name)(_ payload: \(handler.payloadTypeName)) async")
                case .request:
                    let transport = handler.transport ?? .reply
                    w.line("/// `\(handler.name)`: a request, answered through the `\(transport.rawValue)` transport.")
                    w.line("func \(name)(_ payload: \(handler.payloadTypeName)) async throws -> \(handler.replyTypeName)")
                }
            }
        }
    }
}

/// Builds Swift source line by line with four-space indentation.
struct SwiftCodeWriter {
    private(set) var text = ""
    private var level = 0

    /// The current indentation, for multi-line literals whose lines must carry it.
    var indentation: String { String(repeating: "    ", count: level) }

    /// One line at the current indentation; an empty line has no trailing spaces. A comment
    /// line keeps to one line whatever names it holds (`GeneratedHeader.commentSafe`): a handler
    /// name with a line break must not end the comment and become code.
    mutating func line(_ content: String = "") {
        var content = content
        if content.hasPrefix("//") { content = GeneratedHeader.commentSafe(content) }
        if !content.isEmpty { text += String(repeating: "    ", count: level) + content }
        text += "\n"
    }

    /// Several lines, each indented to the current level.
    mutating func lines(_ block: String) {
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) { self.line(String(line)) }
    }

    /// `body` one level deeper.
    mutating func indent(_ body: (inout SwiftCodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// `opener`, then `body` one level deeper, then `}`.
    mutating func block(_ opener: String, _ body: (inout SwiftCodeWriter) -> Void) {
        line(opener)
        indent(body)
        line("}")
    }

    /// Each line of `text` as a `///` documentation comment.
    mutating func documentation(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingTrailingWhitespace()
            self.line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }
}

extension Substring {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
