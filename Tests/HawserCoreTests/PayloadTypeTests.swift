import Foundation
import XCTest
@testable import HawserCore

final class PayloadTypeTests: XCTestCase {
    // MARK: - Helpers

    /// Reads `json` as `HawserConfig.parse` does, then the schema in it.
    private func schema(_ json: String, path: String = "handlers.readFile.payload") throws -> PayloadType {
        let value = try JSON.parse(Array(json.utf8))
        return try JSONSchemaReader.read(value, path: path)
    }

    private func assertSchemaError(
        _ json: String, path: String, reason: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let type = try schema(json)
            XCTFail("expected an error, read \(type)", file: file, line: line)
        } catch let error as SchemaError {
            XCTAssertEqual(error, SchemaError(path: path, reason: reason), file: file, line: line)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
    }

    /// The uses the real front end finds in each (file, script).
    private func uses(_ files: [(String, String)]) -> [HandlerUse] {
        files.flatMap { file, source in
            let facts = JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: file)
            XCTAssertEqual(facts.diagnostics, [], "\(file): \(source)")
            return facts.uses
        }
    }

    private func uses(_ source: String) -> [HandlerUse] { uses([("a.js", source)]) }

    private func infer(_ handler: String, _ files: [(String, String)]) -> (PayloadType, [String]) {
        let (type, diagnostics) = PayloadInference.infer(handler: handler, uses: uses(files))
        return (type, diagnostics.map(render))
    }

    private func infer(_ handler: String, _ source: String) -> (PayloadType, [String]) {
        infer(handler, [("a.js", source)])
    }

    private func check(_ handler: String, _ declared: PayloadType, _ files: [(String, String)]) -> [String] {
        PayloadChecker.check(handler: handler, declared: declared, uses: uses(files)).map(render)
    }

    private func check(_ handler: String, _ declared: PayloadType, _ source: String) -> [String] {
        check(handler, declared, [("a.js", source)])
    }

    /// "severity code@file:line:column message".
    private func render(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.severity.rawValue) \(diagnostic.code.rawValue)@\(diagnostic.location) \(diagnostic.message)"
    }

    private func field(_ name: String, _ type: PayloadType, required: Bool = true, _ description: String? = nil) -> FieldType {
        FieldType(name: name, type: type, required: required, description: description)
    }

    private func object(_ fields: FieldType..., description: String? = nil) -> PayloadType {
        .object(ObjectType(fields: fields, description: description))
    }

    // MARK: - Diagnostic codes

    func testPayloadCodes() {
        XCTAssertEqual(DiagnosticCode.payloadConflict.rawValue, "payload-conflict")
        XCTAssertEqual(DiagnosticCode.payloadConflict.defaultSeverity, .warning)
        XCTAssertEqual(DiagnosticCode.payloadMismatch.rawValue, "payload-mismatch")
        XCTAssertEqual(DiagnosticCode.payloadMismatch.defaultSeverity, .error)
        XCTAssertFalse(DiagnosticCode.payloadConflict.summary.isEmpty)
        XCTAssertFalse(DiagnosticCode.payloadMismatch.summary.isEmpty)
    }

    // MARK: - Schema reader: constructs

    func testSchemaScalarTypes() throws {
        XCTAssertEqual(try schema(#"{"type": "string"}"#), .string)
        XCTAssertEqual(try schema(#"{"type": "number"}"#), .number)
        XCTAssertEqual(try schema(#"{"type": "integer"}"#), .integer)
        XCTAssertEqual(try schema(#"{"type": "boolean"}"#), .boolean)
        XCTAssertEqual(try schema(#"{"type": "null"}"#), .null)
    }

    func testSchemaWithoutTypeIsJSON() throws {
        XCTAssertEqual(try schema("{}"), .json)
        XCTAssertEqual(try schema(#"{"description": "anything"}"#), .json)
    }

    func testSchemaAndTitleAreIgnored() throws {
        XCTAssertEqual(try schema(#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Path", "type": "string"}"#), .string)
        XCTAssertEqual(try schema(#"{"$schema": 7, "title": ["not", "checked"]}"#), .json)
    }

    func testObjectWithoutPropertiesIsJSON() throws {
        XCTAssertEqual(try schema(#"{"type": "object"}"#), .json)
        XCTAssertEqual(try schema(#"{"type": "object", "description": "free-form"}"#), .json)
    }

    func testObjectWithEmptyProperties() throws {
        XCTAssertEqual(try schema(#"{"type": "object", "properties": {}}"#), object())
    }

    func testObjectFieldsAreSortedWithRequiredAndDescriptions() throws {
        let type = try schema("""
            {
              "type": "object",
              "description": "Reads a file.",
              "properties": {
                "path": { "type": "string", "description": "Relative to the bundle." },
                "encoding": { "enum": ["utf8", "base64"] },
                "limit": { "type": "integer" },
                "follow": { "type": "boolean" }
              },
              "required": ["path", "limit"]
            }
            """)
        XCTAssertEqual(type, object(
            field("encoding", .stringEnum(["utf8", "base64"]), required: false),
            field("follow", .boolean, required: false),
            field("limit", .integer),
            field("path", .string, "Relative to the bundle."),
            description: "Reads a file."))
    }

    func testNestedObjectPropertyDescriptionIsOnFieldAndObject() throws {
        let type = try schema("""
            {"type": "object", "properties": {
              "options": {"type": "object", "description": "How to read.",
                          "properties": {"recursive": {"type": "boolean"}}, "required": ["recursive"]},
              "meta": {"type": "object", "description": "Free-form."}
            }}
            """)
        XCTAssertEqual(type, object(
            field("meta", .json, required: false, "Free-form."),
            field("options", object(field("recursive", .boolean), description: "How to read."), required: false, "How to read.")))
    }

    func testArrays() throws {
        XCTAssertEqual(try schema(#"{"type": "array"}"#), .array(.json))
        XCTAssertEqual(try schema(#"{"type": "array", "items": {"type": "string"}}"#), .array(.string))
        XCTAssertEqual(try schema(#"{"type": "array", "items": {}}"#), .array(.json))
        XCTAssertEqual(
            try schema(#"{"type": "array", "items": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}}"#),
            .array(.array(object(field("x", .number)))))
    }

    func testStringEnumKeepsDeclaredOrder() throws {
        XCTAssertEqual(try schema(#"{"type": "string", "enum": ["write", "read", "append"]}"#), .stringEnum(["write", "read", "append"]))
        XCTAssertEqual(try schema(#"{"enum": ["z", "a"]}"#), .stringEnum(["z", "a"]))
    }

    func testSchemaErrorDescription() {
        XCTAssertEqual(
            SchemaError(path: "handlers.readFile.payload.oneOf", reason: "unsupported keyword 'oneOf'").description,
            "handlers.readFile.payload.oneOf: unsupported keyword 'oneOf'")
    }

    func testSchemaFromAFileUsesThePathGiven() throws {
        let value = JSON.object([("type", .string("object")), ("properties", .object([("path", .object([("format", .string("uri"))]))]))])
        XCTAssertThrowsError(try JSONSchemaReader.read(value, path: "userscripts/schemas/readFile.json: payload")) { error in
            XCTAssertEqual(error as? SchemaError, SchemaError(
                path: "userscripts/schemas/readFile.json: payload.properties.path.format", reason: "unsupported keyword 'format'"))
        }
    }

    // MARK: - Schema reader: errors

    func testUnsupportedKeywords() {
        assertSchemaError(#"{"oneOf": [{"type": "string"}, {"type": "number"}]}"#,
                          path: "handlers.readFile.payload.oneOf", reason: "unsupported keyword 'oneOf'")
        assertSchemaError(#"{"type": "object", "properties": {}, "additionalProperties": false}"#,
                          path: "handlers.readFile.payload.additionalProperties", reason: "unsupported keyword 'additionalProperties'")
        assertSchemaError(#"{"type": "object", "properties": {"path": {"type": "string", "format": "uri"}}}"#,
                          path: "handlers.readFile.payload.properties.path.format", reason: "unsupported keyword 'format'")
        assertSchemaError(#"{"type": "array", "items": {"type": "integer", "minimum": 0}}"#,
                          path: "handlers.readFile.payload.items.minimum", reason: "unsupported keyword 'minimum'")
        // Several: the first by key order.
        assertSchemaError(#"{"type": "string", "pattern": "x", "maxLength": 3}"#,
                          path: "handlers.readFile.payload.maxLength", reason: "unsupported keyword 'maxLength'")
    }

    func testSchemaMustBeAnObject() {
        assertSchemaError(#""string""#, path: "handlers.readFile.payload", reason: "a schema must be a JSON object")
        assertSchemaError("true", path: "handlers.readFile.payload", reason: "a schema must be a JSON object")
        assertSchemaError(#"{"type": "object", "properties": {"path": "string"}}"#,
                          path: "handlers.readFile.payload.properties.path", reason: "a schema must be a JSON object")
        assertSchemaError(#"{"type": "array", "items": [{"type": "string"}]}"#,
                          path: "handlers.readFile.payload.items", reason: "a schema must be a JSON object")
    }

    func testTypeErrors() {
        let list = "object, string, number, integer, boolean, array, null"
        assertSchemaError(#"{"type": ["string", "null"]}"#,
                          path: "handlers.readFile.payload.type", reason: "'type' must be a single string: one of \(list)")
        assertSchemaError(#"{"type": 1}"#,
                          path: "handlers.readFile.payload.type", reason: "'type' must be a single string: one of \(list)")
        assertSchemaError(#"{"type": "float"}"#,
                          path: "handlers.readFile.payload.type", reason: "unknown type 'float'; expected one of \(list)")
        assertSchemaError(#"{"type": "object", "properties": {"path": {"type": "str"}}}"#,
                          path: "handlers.readFile.payload.properties.path.type", reason: "unknown type 'str'; expected one of \(list)")
    }

    func testPropertiesErrors() {
        assertSchemaError(#"{"type": "object", "properties": ["path"]}"#,
                          path: "handlers.readFile.payload.properties", reason: "'properties' must be an object that maps keys to schemas")
        assertSchemaError(#"{"properties": {"path": {"type": "string"}}}"#,
                          path: "handlers.readFile.payload.properties", reason: "'properties' applies only to \"type\": \"object\"")
        assertSchemaError(#"{"type": "string", "properties": {}}"#,
                          path: "handlers.readFile.payload.properties", reason: "'properties' applies only to \"type\": \"object\"")
    }

    func testRequiredErrors() {
        assertSchemaError(#"{"type": "object", "properties": {"path": {}}, "required": "path"}"#,
                          path: "handlers.readFile.payload.required", reason: "'required' must be an array of strings")
        assertSchemaError(#"{"type": "object", "properties": {"path": {}}, "required": ["path", 1]}"#,
                          path: "handlers.readFile.payload.required", reason: "'required' must be an array of strings")
        assertSchemaError(#"{"type": "object", "properties": {"path": {}}, "required": ["filePath"]}"#,
                          path: "handlers.readFile.payload.required", reason: "'required' names 'filePath', which is not in 'properties'")
        assertSchemaError(#"{"type": "object", "required": ["path"]}"#,
                          path: "handlers.readFile.payload.required", reason: "'required' needs 'properties' that list the required keys")
        assertSchemaError(#"{"required": ["path"]}"#,
                          path: "handlers.readFile.payload.required", reason: "'required' applies only to \"type\": \"object\"")
    }

    func testItemsErrors() {
        assertSchemaError(#"{"type": "string", "items": {}}"#,
                          path: "handlers.readFile.payload.items", reason: "'items' applies only to \"type\": \"array\"")
        assertSchemaError(#"{"items": {"type": "string"}}"#,
                          path: "handlers.readFile.payload.items", reason: "'items' applies only to \"type\": \"array\"")
        assertSchemaError(#"{"type": "array", "items": {"type": "object", "properties": {"n": {"type": "int"}}}}"#,
                          path: "handlers.readFile.payload.items.properties.n.type",
                          reason: "unknown type 'int'; expected one of object, string, number, integer, boolean, array, null")
    }

    func testEnumErrors() {
        assertSchemaError(#"{"type": "integer", "enum": [1, 2]}"#,
                          path: "handlers.readFile.payload.enum", reason: "'enum' is supported only for strings, not for \"type\": \"integer\"")
        assertSchemaError(#"{"enum": "read"}"#,
                          path: "handlers.readFile.payload.enum", reason: "'enum' must be an array of strings")
        assertSchemaError(#"{"enum": ["read", null]}"#,
                          path: "handlers.readFile.payload.enum", reason: "'enum' must be an array of strings")
        assertSchemaError(#"{"enum": ["read", "write", "read"]}"#,
                          path: "handlers.readFile.payload.enum", reason: "'enum' lists 'read' more than once")
        assertSchemaError(#"{"type": "string", "enum": []}"#,
                          path: "handlers.readFile.payload.enum", reason: "'enum' must list at least one string")
    }

    func testDescriptionMustBeAString() {
        assertSchemaError(#"{"type": "string", "description": 3}"#,
                          path: "handlers.readFile.payload.description", reason: "'description' must be a string")
        assertSchemaError(#"{"type": "object", "properties": {"a": {"description": ["x"]}}}"#,
                          path: "handlers.readFile.payload.properties.a.description", reason: "'description' must be a string")
    }

    // MARK: - Inference: single sites

    func testObjectLiteralFieldKinds() {
        let (type, diagnostics) = infer("save", """
            window.webkit.messageHandlers.save.postMessage({
              s: "a", t: `x${y}`, n: 1, m: -2, b: true, f: false,
              a: [1, 2], o: { x: 1 }, z: null, v: value, c: f(), shorthand, method() {}
            })
            """)
        XCTAssertEqual(type, object(
            field("a", .array(.json)),
            field("b", .boolean),
            field("c", .json),
            field("f", .boolean),
            field("m", .number),
            field("method", .json),
            field("n", .number),
            field("o", object(field("x", .number))),
            field("s", .string),
            field("shorthand", .json),
            field("t", .string),
            field("v", .json),
            field("z", .json)))
        XCTAssertEqual(diagnostics, [])
    }

    func testScalarPayloads() {
        XCTAssertEqual(infer("h", #"hawser.post("h", "text")"#).0, .string)
        XCTAssertEqual(infer("h", "hawser.post(\"h\", `t${x}`)").0, .string)
        XCTAssertEqual(infer("h", #"hawser.post("h", 3.5)"#).0, .number)
        XCTAssertEqual(infer("h", #"hawser.post("h", -1)"#).0, .number)
        XCTAssertEqual(infer("h", #"hawser.call("h", false)"#).0, .boolean)
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage(null)").0, .null)
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage([1, 'a'])").0, .array(.json))
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage({})").0, object())
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage(({ a: 'x' }))").0, object(field("a", .string)))
    }

    func testNoPayloadLiteralIsJSON() {
        XCTAssertEqual(infer("h", [("a.js", "")]).0, .json)
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage()").0, .json)
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage(data)").0, .json)
        XCTAssertEqual(infer("h", "window.webkit.messageHandlers.h.postMessage({ ...data })").0, .json)
        XCTAssertEqual(infer("h", "send(window.webkit.messageHandlers.h)").0, .json)
        XCTAssertEqual(infer("h", #"hawser.forwardEvent(button, "click", "h"); hawser.syncState("h", () => state)"#).0, .json)
    }

    func testOtherHandlersAreIgnored() {
        let (type, diagnostics) = infer("a", """
            hawser.post("a", { x: 1 })
            hawser.post("b", { x: "s" })
            hawser.post("b", 1)
            """)
        XCTAssertEqual(type, object(field("x", .number)))
        XCTAssertEqual(diagnostics, [])
    }

    // MARK: - Inference: across sites

    func testKeysAcrossSitesAndFiles() {
        let (type, diagnostics) = infer("readFile", [
            ("a.js", #"hawser.call("readFile", { path: "a", encoding: "utf8" })"#),
            ("b.js", #"hawser.call("readFile", { path: `${dir}/b`, limit: 10 })"#),
            ("c.html.js", #"window.webkit.messageHandlers.readFile.postMessage({ limit: 1, path: "c" })"#),
        ])
        XCTAssertEqual(type, object(
            field("encoding", .string, required: false),
            field("limit", .number, required: false),
            field("path", .string)))
        XCTAssertEqual(diagnostics, [])
    }

    func testAliasCalledTwiceGivesTwoSites() {
        let source = """
            const h = window.webkit.messageHandlers.log;
            h.postMessage({ level: "info", text: "a" });
            h.postMessage({ text: "b" });
            """
        XCTAssertEqual(uses(source).flatMap(\.payloads).count, 2)
        XCTAssertEqual(infer("log", source).0, object(field("level", .string, required: false), field("text", .string)))
    }

    func testOtherSitesNeitherMakeKeysOptionalNorConflict() {
        let (type, diagnostics) = infer("save", """
            hawser.post("save", { id: 1, name: "a" })
            hawser.post("save", payload)
            hawser.post("save", { ...rest, id: 2 })
            hawser.post("save", { id: 3, name: nameOf(x) })
            """)
        XCTAssertEqual(type, object(field("id", .number), field("name", .string)))
        XCTAssertEqual(diagnostics, [])
    }

    func testNestedObjectsMergeRecursively() {
        let (type, diagnostics) = infer("find", [
            ("a.js", #"hawser.call("find", { query: "x", options: { limit: 5, sort: { by: "name" } } })"#),
            ("b.js", #"hawser.call("find", { query: "y", options: { limit: 1, caseSensitive: true, sort: { by: "date", desc: true } } })"#),
            ("c.js", #"hawser.call("find", { query: "z" })"#),
        ])
        XCTAssertEqual(type, object(
            field("options", object(
                field("caseSensitive", .boolean, required: false),
                field("limit", .number),
                field("sort", object(field("by", .string), field("desc", .boolean, required: false)))),
                required: false),
            field("query", .string)))
        XCTAssertEqual(diagnostics, [])
    }

    func testDuplicateKeyInOneLiteralLastWins() {
        let (type, diagnostics) = infer("h", #"hawser.post("h", { a: 1, a: "x" })"#)
        XCTAssertEqual(type, object(field("a", .string)))
        XCTAssertEqual(diagnostics, [])
    }

    func testScalarConflictAcrossFiles() {
        let (type, diagnostics) = infer("log", [
            ("a.js", #"hawser.post("log", "text")"#),
            ("b.js", "\n  window.webkit.messageHandlers.log.postMessage(42)"),
        ])
        XCTAssertEqual(type, .json)
        XCTAssertEqual(diagnostics, [
            "warning payload-conflict@a.js:1:20 log: payload is a string here but a number at b.js:2:49, so its type falls back to any JSON value",
            "warning payload-conflict@b.js:2:49 log: payload is a number here but a string at a.js:1:20, so its type falls back to any JSON value",
        ])
    }

    func testKeyConflictIsAtTheKeys() {
        let (type, diagnostics) = infer("readFile", """
            hawser.call("readFile", { path: "a", mode: "r" })
            hawser.call("readFile", { mode: "w", path: 7 })
            """)
        XCTAssertEqual(type, object(field("mode", .string), field("path", .json)))
        XCTAssertEqual(diagnostics, [
            "warning payload-conflict@a.js:1:27 readFile: payload.path is a string here but a number at a.js:2:38, so its type falls back to any JSON value",
            "warning payload-conflict@a.js:2:38 readFile: payload.path is a number here but a string at a.js:1:27, so its type falls back to any JSON value",
        ])
    }

    func testObjectAgainstScalarConflictDoesNotLookInside() {
        let (type, diagnostics) = infer("open", """
            hawser.post("open", { url: 1 })
            hawser.post("open", { url: "a" })
            hawser.post("open", "https://example.com")
            """)
        XCTAssertEqual(type, .json)
        XCTAssertEqual(diagnostics, [
            "warning payload-conflict@a.js:1:21 open: payload is an object here but a string at a.js:3:21, so its type falls back to any JSON value",
            "warning payload-conflict@a.js:3:21 open: payload is a string here but an object at a.js:1:21, so its type falls back to any JSON value",
        ])
    }

    func testConflictWithSeveralSitesWarnsAtEachDifferentKind() {
        let (type, diagnostics) = infer("h", """
            hawser.post("h", { v: "a" })
            hawser.post("h", { v: "b" })
            hawser.post("h", { v: true })
            hawser.post("h", { v: [] })
            """)
        XCTAssertEqual(type, object(field("v", .json)))
        XCTAssertEqual(diagnostics, [
            "warning payload-conflict@a.js:1:20 h: payload.v is a string here but a boolean at a.js:3:20, so its type falls back to any JSON value",
            "warning payload-conflict@a.js:3:20 h: payload.v is a boolean here but a string at a.js:1:20, so its type falls back to any JSON value",
            "warning payload-conflict@a.js:4:20 h: payload.v is an array here but a string at a.js:1:20, so its type falls back to any JSON value",
        ])
    }

    func testNullAgainstStringAtAKeyConflicts() {
        let (type, diagnostics) = infer("h", """
            hawser.post("h", { v: null, w: null })
            hawser.post("h", { v: "b", w: null })
            """)
        XCTAssertEqual(type, object(field("v", .json), field("w", .json)))
        XCTAssertEqual(diagnostics, [
            "warning payload-conflict@a.js:1:20 h: payload.v is null here but a string at a.js:2:20, so its type falls back to any JSON value",
            "warning payload-conflict@a.js:2:20 h: payload.v is a string here but null at a.js:1:20, so its type falls back to any JSON value",
        ])
    }

    func testNestedKeyConflictNamesTheKeyPath() {
        let (type, diagnostics) = infer("find", [
            ("b.js", #"hawser.call("find", { options: { limit: "all" } })"#),
            ("a.js", #"hawser.call("find", { options: { limit: 10 } })"#),
        ])
        XCTAssertEqual(type, object(field("options", object(field("limit", .json)))))
        XCTAssertEqual(diagnostics, [
            "warning payload-conflict@a.js:1:34 find: payload.options.limit is a number here but a string at b.js:1:34, so its type falls back to any JSON value",
            "warning payload-conflict@b.js:1:34 find: payload.options.limit is a string here but a number at a.js:1:34, so its type falls back to any JSON value",
        ])
    }

    func testConflictDiagnosticCarriesTheHandler() {
        let (_, diagnostics) = PayloadInference.infer(handler: "h", uses: uses(#"hawser.post("h", 1); hawser.post("h", "a")"#))
        XCTAssertEqual(diagnostics.map(\.handler), ["h", "h"])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning, .warning])
    }

    // MARK: - Checker

    /// readFile's declared payload: { filePath: string (required), mode: "r"|"w", count: integer,
    /// options: { recursive: boolean (required), depth: number }, tags: [string], extra: any }.
    private let readFile: PayloadType = .object(ObjectType(fields: [
        FieldType(name: "count", type: .integer, required: false),
        FieldType(name: "extra", type: .json, required: false),
        FieldType(name: "filePath", type: .string, required: true),
        FieldType(name: "mode", type: .stringEnum(["r", "w"]), required: false),
        FieldType(name: "options", type: .object(ObjectType(fields: [
            FieldType(name: "depth", type: .number, required: false),
            FieldType(name: "recursive", type: .boolean, required: true),
        ])), required: false),
        FieldType(name: "tags", type: .array(.string), required: false),
    ]))

    func testValidPayloadsPass() {
        XCTAssertEqual(check("readFile", readFile, """
            hawser.call("readFile", { filePath: "a" })
            hawser.call("readFile", { filePath: `${dir}/b`, mode: "x", count: 3, extra: [null], tags: [1] })
            hawser.call("readFile", { filePath: "c", options: { recursive: false, depth: -1 }, extra: { any: "thing" } })
            hawser.call("readFile", { filePath: "d", count: null, options: null })
            """), [])
    }

    func testRenamedKeyIsMissingAndUnknown() {
        // 'fileName' is 3 edits from 'filePath', but it is the one unknown key where the one
        // required key is missing: that is the suggestion.
        XCTAssertEqual(check("readFile", readFile, #"window.webkit.messageHandlers.readFile.postMessage({ fileName: "x" })"#), [
            "error payload-mismatch@a.js:1:52 readFile: payload is missing required key 'filePath'",
            "error payload-mismatch@a.js:1:54 readFile: payload has unknown key 'fileName'; did you mean 'filePath'?",
        ])
    }

    func testMisspeltKeyHasASuggestion() {
        XCTAssertEqual(check("readFile", readFile, #"window.webkit.messageHandlers.readFile.postMessage({ filePth: "x" })"#), [
            "error payload-mismatch@a.js:1:52 readFile: payload is missing required key 'filePath'",
            "error payload-mismatch@a.js:1:54 readFile: payload has unknown key 'filePth'; did you mean 'filePath'?",
        ])
        let diagnostics = PayloadChecker.check(handler: "readFile", declared: readFile, uses: uses(#"hawser.call("readFile", { filePath: "a", Mode: "r" })"#))
        XCTAssertEqual(diagnostics.map(\.suggestion), ["mode"])
        XCTAssertEqual(diagnostics.map(\.handler), ["readFile"])
    }

    func testUnknownKeyWithoutSuggestion() {
        XCTAssertEqual(check("readFile", readFile, #"hawser.call("readFile", { filePath: "a", compression: "gzip" })"#), [
            "error payload-mismatch@a.js:1:42 readFile: payload has unknown key 'compression'",
        ])
    }

    func testSuggestionSkipsKeysTheLiteralAlreadyHas() {
        // 'count' is near 'counts' but already present; nothing else is near.
        XCTAssertEqual(check("readFile", readFile, #"hawser.call("readFile", { filePath: "a", count: 1, counts: 2 })"#), [
            "error payload-mismatch@a.js:1:52 readFile: payload has unknown key 'counts'",
        ])
    }

    func testWrongKinds() {
        XCTAssertEqual(check("readFile", readFile, """
            hawser.call("readFile", { filePath: 1 })
            hawser.call("readFile", { filePath: "a", count: "3", mode: 1, tags: "x", options: true })
            hawser.call("readFile", { filePath: null })
            """), [
            "error payload-mismatch@a.js:1:37 readFile: payload.filePath: expected string, found number",
            "error payload-mismatch@a.js:2:49 readFile: payload.count: expected integer, found string",
            "error payload-mismatch@a.js:2:60 readFile: payload.mode: expected string, found number",
            "error payload-mismatch@a.js:2:69 readFile: payload.tags: expected array, found string",
            "error payload-mismatch@a.js:2:83 readFile: payload.options: expected object, found boolean",
            "error payload-mismatch@a.js:3:37 readFile: payload.filePath: expected string, found null",
        ])
    }

    func testNestedObjects() {
        XCTAssertEqual(check("readFile", readFile, """
            hawser.call("readFile", { filePath: "a", options: { recursive: "yes", dept: 2 } })
            hawser.call("readFile", { filePath: "b", options: {} })
            """), [
            "error payload-mismatch@a.js:1:64 readFile: payload.options.recursive: expected boolean, found string",
            "error payload-mismatch@a.js:1:71 readFile: payload.options has unknown key 'dept'; did you mean 'depth'?",
            "error payload-mismatch@a.js:2:51 readFile: payload.options is missing required key 'recursive'",
        ])
    }

    func testTopLevelKinds() {
        XCTAssertEqual(check("readFile", readFile, #"hawser.call("readFile", "a.txt")"#), [
            "error payload-mismatch@a.js:1:25 readFile: payload: expected object, found string",
        ])
        XCTAssertEqual(check("log", .string, "window.webkit.messageHandlers.log.postMessage({ text: 'a' })"), [
            "error payload-mismatch@a.js:1:47 log: payload: expected string, found object",
        ])
        XCTAssertEqual(check("log", .null, "window.webkit.messageHandlers.log.postMessage(0)"), [
            "error payload-mismatch@a.js:1:47 log: payload: expected null, found number",
        ])
        XCTAssertEqual(check("log", .stringEnum(["on", "off"]), "hawser.post('log', 'on'); hawser.post('log', `${x}`)"), [])
        XCTAssertEqual(check("log", .integer, "hawser.post('log', -3)"), [])
        XCTAssertEqual(check("log", .array(.integer), "hawser.post('log', ['not', 'checked'])"), [])
    }

    func testJSONAcceptsAnything() {
        XCTAssertEqual(check("h", .json, """
            hawser.post("h", 1); hawser.post("h", "a"); hawser.post("h", { any: [1] }); hawser.post("h", null)
            """), [])
    }

    func testOtherLiteralsAreNeverErrors() {
        XCTAssertEqual(check("readFile", readFile, """
            hawser.call("readFile", request)
            hawser.call("readFile", { ...defaults, fileName: "x" })
            hawser.call("readFile", { filePath: pathOf(x), options: opts, count: n })
            window.webkit.messageHandlers.readFile.postMessage(build())
            """), [])
    }

    func testCheckerIgnoresOtherHandlersAndSortsAcrossFiles() {
        XCTAssertEqual(check("readFile", readFile, [
            ("b.js", #"hawser.call("readFile", { filePath: 2 })"#),
            ("a.js", #"hawser.call("readFile", { path: "x" }); hawser.call("other", { path: 1 })"#),
        ]), [
            "error payload-mismatch@a.js:1:25 readFile: payload is missing required key 'filePath'",
            "error payload-mismatch@a.js:1:27 readFile: payload has unknown key 'path'; did you mean 'filePath'?",
            "error payload-mismatch@b.js:1:37 readFile: payload.filePath: expected string, found number",
        ])
    }

    func testInferredTypeChecksItsOwnSites() {
        let sites = [
            ("a.js", #"hawser.call("readFile", { path: "a", limit: 1 })"#),
            ("b.js", #"hawser.call("readFile", { path: "b" })"#),
        ]
        let (type, _) = infer("readFile", sites)
        XCTAssertEqual(check("readFile", type, sites), [])
    }
}
