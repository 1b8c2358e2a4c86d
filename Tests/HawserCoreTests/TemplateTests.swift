import Foundation
import XCTest
@testable import HawserCore
import TreeSitter

/// The embedded template files (`Sources/HawserCore/Compile/Templates/*.js`,
/// `Sources/HawserCore/Generate/Templates/*.swift.txt`, `Sources/HawserCore/Modules/Templates/module-registry.js`) and their one filling rule. What the
/// rendered runtime does is tested by `node --test Tests/Runtime/`; the generated Swift is
/// compiled and run by the bridge generator's tests.
final class TemplateTests: XCTestCase {
    typealias Bridge = SwiftBridgeGenerator.Templates

    /// Every template with the values its renderer passes: a placeholder without a value, or a
    /// value without a placeholder, is a failure here. (The bridge generator passes its values
    /// inline; rendering traps on a mismatch, so every generator test would fail too.)
    static var templatesAndValues: [(folder: String, template: Template, values: [String: String])] {
        [
            ("Compile/Templates", RuntimeTemplate.template, RuntimeTemplate.values(global: "hawser", timeoutMs: 0, defaultTransport: "reply", contractJSON: "")),
            ("Compile/Templates", ScriptTemplates.styleSheetTemplate, ScriptTemplates.styleInstallerValues(css: "", name: "n")),
            ("Compile/Templates", ScriptTemplates.viewportTemplate, [:]),
            ("Generate/Templates", Bridge.jsonValue, [:]),
            ("Generate/Templates", Bridge.dispatch, ["deliveryInit": "        switch handler {}"]),
            ("Generate/Templates", Bridge.origins, SwiftBridgeGenerator.originValues(hasHandlers: true)),
            ("Generate/Templates", Bridge.wire, [:]),
            ("Generate/Templates", Bridge.webKitInstall, ["worlds": "[.page]"]),
            ("Generate/Templates", Bridge.webKitScripts, ["global": "hawser", "emitCall": #""hawser.emit(event, detail)""#]),
            ("Generate/Templates", Bridge.webKitProxy, ["settleCall": #""hawser.settle(id, value, errorMessage)""#, "refusal": "", "name": "Bridge"]),
            ("Generate/Templates", Bridge.webKitCookies, ["name": "Bridge"]),
            ("Generate/Templates", Bridge.webKitExtensions, ["name": "Bridge"]),
            ("Modules/Templates", Template(file: ModuleLinker.registryFile, text: ModuleLinker.registryText), [:]),
        ]
    }

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HawserCore")

    func testEveryTemplateIsFilledExactly() {
        for (_, template, values) in Self.templatesAndValues {
            XCTAssertEqual(template.problems(filling: values.keys), [], template.file)
            let output = template.render(values)
            XCTAssertFalse(output.contains("/*@"), "\(template.file): a placeholder survived rendering")
            XCTAssertFalse(output.contains(template.notes), "\(template.file): the notes were rendered")
        }
    }

    /// The embedded bytes are the files in the source tree, and every file there is embedded.
    func testEmbeddedTemplatesAreTheFiles() throws {
        for folder in ["Compile/Templates", "Generate/Templates", "Modules/Templates"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.appendingPathComponent(folder).path).sorted()
            XCTAssertEqual(files, Self.templatesAndValues.filter { $0.folder == folder }.map(\.template.file).sorted(), folder)
        }
        for (folder, template, _) in Self.templatesAndValues {
            let url = Self.sources.appendingPathComponent(folder).appendingPathComponent(template.file)
            XCTAssertEqual(template.notes + "\n\n" + template.body, try String(contentsOf: url, encoding: .utf8), template.file)
        }
    }

    /// The module registry, read by `ModuleLinker` without `Template` (a later stage's type), is
    /// what the template of its file renders, less its comment-only lines, and holds no comment.
    func testModuleRegistryIsItsTemplateLessComments() {
        let template = Template(file: ModuleLinker.registryFile, text: ModuleLinker.registryText)
        XCTAssertEqual(ModuleLinker.loader, CommentLines.removed(from: template.render([:])))
        XCTAssertTrue(ModuleLinker.loader.hasPrefix("var __hawser_modules = (function () {\n"))
        XCTAssertTrue(ModuleLinker.loader.hasSuffix("})();\n"))
        XCTAssertFalse(ModuleLinker.loader.contains("//"))
    }

    /// The runtime and the registry lose only comments to `CommentLines`: the same tokens, in
    /// the same order, as the templates rendered with them; and the runtime holds none.
    func testCommentLinesRemoveOnlyComments() throws {
        func tokens(_ text: String) throws -> [String] {
            let tree = try JavaScriptParser.parse(Array(text.utf8))
            return (0..<tree.nodeCount).map(tree.node(at:)).filter { $0.subtreeEnd == Int($0.index) + 1 && $0.type != "comment" }.map(\.text)
        }
        let runtime = RuntimeTemplate.template.render(RuntimeTemplate.values(global: "hawser", timeoutMs: 1, defaultTransport: "reply", contractJSON: ""))
        XCTAssertEqual(try tokens(CommentLines.removed(from: runtime)), try tokens(runtime))
        XCTAssertFalse(CommentLines.removed(from: runtime).split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("/**") || $0.drop { $0 == " " }.hasPrefix("//") })
        XCTAssertEqual(try tokens(ModuleLinker.loader), try tokens(ModuleLinker.registryText))
        // A block that code follows on its line stays whole, as does a placeholder's marker.
        XCTAssertEqual(CommentLines.removed(from: "a;\n  /** doc */\n/* x */ b;\n/*\n * more\n */\nc = /*@v*/1;\n// end"), "a;\n/* x */ b;\nc = /*@v*/1;")
    }

    /// Each JavaScript file, as editors see it, is valid JavaScript.
    func testJavaScriptTemplatesPassNodeCheck() throws {
        guard let probe = try? Subprocess.run("/usr/bin/env", ["node", "--version"]), probe.status == 0 else {
            throw XCTSkip("node is not installed")
        }
        for (folder, template, _) in Self.templatesAndValues where template.file.hasSuffix(".js") {
            let url = Self.sources.appendingPathComponent(folder).appendingPathComponent(template.file)
            let check = try Subprocess.run("/usr/bin/env", ["node", "--check", url.path])
            XCTAssertEqual(check.status, 0, "\(template.file): \(check.stderr)")
        }
    }

    func testRenderReplacesMarkerAndDefault() {
        let template = Template(file: "t.js", text: """
            // notes
            // more notes

            var a = /*@a*/"x y", b = /*@b*/30000, c = /*@c*/{}, d = /*@d*/[], e = /*@e*/Name.member;
            /*@f*/
            end(/*@a*/"again");
            """)
        XCTAssertEqual(template.notes, "// notes\n// more notes")
        XCTAssertEqual(template.placeholderNames, ["a", "b", "c", "d", "e", "f"])
        let values = ["a": "A", "b": "B", "c": "C", "d": "D", "e": "E", "f": "F"]
        XCTAssertEqual(template.problems(filling: values.keys), [])
        XCTAssertEqual(template.render(values), "var a = A, b = B, c = C, d = D, e = E.member;\nF\nend(A);")
    }

    func testValuesAreNotReadForPlaceholders() {
        let template = Template(file: "t.js", text: "// notes\n\n/*@a*/0 /*@b*/0")
        XCTAssertEqual(template.render(["a": "/*@b*/1", "b": "/*@a*/2"]), "/*@b*/1 /*@a*/2")
    }

    func testUnknownAndMissingPlaceholdersAreProblems() {
        let template = Template(file: "t.js", text: "// notes\n\nf(/*@known*/1, /*@stray*/2);")
        XCTAssertEqual(template.problems(filling: ["known", "extra"]), [
            "t.js: placeholder 'stray' gets no value",
            "t.js: has no placeholder 'extra' for the value given",
        ])
    }

    func testMalformedPlaceholdersAndNotesAreProblems() {
        let noDefault = Template(file: "t.js", text: "// notes\n\nvar a = /*@a*/ 1;")
        XCTAssertEqual(noDefault.problems(filling: []), ["t.js: body line 1: placeholder 'a' is not followed by a default value"])
        let object = Template(file: "t.js", text: "// notes\n\n\nvar a = /*@a*/{ x: 1 };")
        XCTAssertEqual(object.problems(filling: []), ["t.js: body line 2: placeholder 'a' is not followed by a default value"])
        let escaped = Template(file: "t.js", text: "// notes\n\nvar a = /*@a*/\"a\\\"b\";")
        XCTAssertEqual(escaped.problems(filling: []), ["t.js: body line 1: placeholder 'a' is not followed by a default value"])
        let badName = Template(file: "t.js", text: "// notes\n\nvar a = /*@1a*/1, b = /*@ unclosed")
        XCTAssertEqual(badName.problems(filling: []), [
            "t.js: body line 1: '/*@' does not start a placeholder '/*@name*/'",
            "t.js: body line 1: '/*@' does not start a placeholder '/*@name*/'",
        ])
        let noNotes = Template(file: "t.js", text: "var a = 1;\n\nvar b = 2;\n")
        XCTAssertEqual(noNotes.problems(filling: []), ["t.js: the file must start with notes: '//' lines, then an empty line"])
    }
}
