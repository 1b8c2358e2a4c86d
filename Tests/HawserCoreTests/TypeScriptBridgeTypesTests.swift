@testable import HawserCore
import XCTest

/// What the TypeScript front end reads of the types written for runtime calls
/// (`TypeScriptBridgeTypes`), and how they become bridge types (`TypeScriptTyping`).
final class TypeScriptBridgeTypesTests: XCTestCase {
    private func types(_ source: String, path: String = "a.ts") -> TypeScriptBridgeTypes {
        TypeScriptStripper.strip(Array(source.utf8), file: path, dialect: .typescript).bridgeTypes
    }

    /// The written payload and reply of the call of `handler` in `source`, as bridge types.
    private func written(_ source: String, handler: String = "h") -> (payload: PayloadType?, reply: PayloadType?) {
        let file = types(source)
        guard let call = file.calls.first(where: { $0.name == handler }) else { return (nil, nil) }
        let use = HandlerUse(
            name: handler, location: SourceLocation(file: "a.ts", line: call.line, column: call.column), resultUsed: true, form: .call)
        let found = TypeScriptTyping.written(for: [use], handler: handler, in: ["a.ts": file])
        return (found.payloads.first?.type, found.replies.first?.type)
    }

    private func payload(_ source: String) -> PayloadType? { written(source).payload }

    private func reply(_ source: String) -> PayloadType? { written(source).reply }

    func testPayloadFromEachWrittenForm() {
        let object = PayloadType.object(ObjectType(fields: [FieldType(name: "path", type: .string, required: true)]))
        XCTAssertEqual(payload("interface R { path: string }\nfunction f(r: R) { hawser.call(\"h\", r); }"), object)
        XCTAssertEqual(payload("type R = { path: string };\nconst r: R = { path: \"a\" };\nhawser.call(\"h\", r);"), object)
        // (`satisfies` is TypeScript 4.9's: the fixture that tsc 4.8 checks writes `as`.)
        XCTAssertEqual(payload("type R = { path: string };\nhawser.call(\"h\", { path: \"a\" } satisfies R);"), object)
        XCTAssertEqual(payload("type R = { path: string };\nhawser.call(\"h\", ({ path: \"a\" }) as R);"), object)
        XCTAssertEqual(payload("const f = (p: string[]) => hawser.call(\"h\", p);"), .array(.string))
        XCTAssertEqual(payload("function f(p: Array<\"a\" | \"b\">) { hawser.call(\"h\", p); }"), .array(.stringEnum(["a", "b"])))
    }

    func testWhatIsNotWrittenIsNotTyped() {
        // A literal (the literals' inference types it), `as const`, an unannotated parameter.
        XCTAssertNil(payload("hawser.call(\"h\", { path: \"a\" });"))
        XCTAssertNil(payload("hawser.call(\"h\", { path: \"a\" } as const);"))
        XCTAssertNil(payload("function f(p) { hawser.call(\"h\", p); }"))
        // A parameter that shadows the annotated variable.
        XCTAssertNil(payload("const p: string = \"x\";\nconst f = p => hawser.call(\"h\", p);"))
    }

    func testFieldsOptionalNullableAndUnknown() {
        let type = payload("""
            interface R { a?: number; b: string | undefined; c: boolean | null; d: { [k: string]: string }; e: "x"; f: R2 }
            interface R2 extends Base { g: string }
            function f(r: R) { hawser.call("h", r); }
            """)
        XCTAssertEqual(type, .object(ObjectType(fields: [
            FieldType(name: "a", type: .number, required: false),
            FieldType(name: "b", type: .string, required: false),
            FieldType(name: "c", type: .json, required: true),
            FieldType(name: "d", type: .json, required: true),
            FieldType(name: "e", type: .stringEnum(["x"]), required: true),
            FieldType(name: "f", type: .json, required: true),
        ])))
        // A type that holds itself ends in any JSON value instead of recursing.
        XCTAssertEqual(
            payload("interface N { next: N }\nfunction f(n: N) { hawser.call(\"h\", n); }"),
            .object(ObjectType(fields: [FieldType(name: "next", type: .json, required: true)])))
    }

    func testReplyFromDeclarationAssertionAndReturnType() {
        XCTAssertEqual(reply("async function f() { const t: string = await hawser.call(\"h\", 1); }"), .string)
        XCTAssertEqual(reply("async function f() { const t = (await hawser.call(\"h\", 1)) as number[]; }"), .array(.number))
        XCTAssertEqual(reply("async function f(): Promise<boolean> { return await hawser.call(\"h\", 1); }"), .boolean)
        XCTAssertEqual(reply("const f = (): Promise<string> => hawser.call(\"h\", 1);"), .string)
        XCTAssertEqual(reply("const p: Promise<string> = hawser.call(\"h\", 1);"), .string)
        XCTAssertNil(reply("async function f() { return await hawser.call(\"h\", 1); }"))
    }

    /// A post whose payload is neither typed nor a literal (`hawser.syncState`, a variable of
    /// no written type) means the handler's posts are not all known.
    func testEveryPostKnownOnlyWhenEachIsTypedOrALiteral() throws {
        let file = types("type S = { a: string };\nfunction f(s: S) { hawser.post(\"h\", s); }")
        let call = try XCTUnwrap(file.calls.first)
        let typed = HandlerUse(
            name: "h", location: SourceLocation(file: "a.ts", line: call.line, column: call.column), resultUsed: false, form: .post,
            payloads: [PayloadLiteral(kind: .other, location: SourceLocation(file: "a.ts", line: call.payloadLine, column: call.payloadColumn))])
        let literal = HandlerUse(
            name: "h", location: SourceLocation(file: "b.js", line: 1, column: 1), resultUsed: false, form: .post,
            payloads: [PayloadLiteral(kind: .object, location: SourceLocation(file: "b.js", line: 1, column: 5))])
        let synced = HandlerUse(name: "h", location: SourceLocation(file: "c.js", line: 1, column: 1), resultUsed: false, form: .post)
        XCTAssertTrue(TypeScriptTyping.written(for: [typed, literal], handler: "h", in: ["a.ts": file]).everyPostKnown)
        XCTAssertFalse(TypeScriptTyping.written(for: [typed, synced], handler: "h", in: ["a.ts": file]).everyPostKnown)
    }

    func testImportedTypeIsFoundInTheFileThatDeclaresIt() throws {
        let page = self.types("import type { Req as R } from \"./types\";\nfunction f(r: R) { hawser.call(\"h\", r); }", path: "page.ts")
        let declarations = self.types("export interface Req { id: string }", path: "types.ts")
        let call = try XCTUnwrap(page.calls.first)
        let use = HandlerUse(name: "h", location: SourceLocation(file: "page.ts", line: call.line, column: call.column), resultUsed: true, form: .call)
        let written = TypeScriptTyping.written(for: [use], handler: "h", in: ["page.ts": page, "types.ts": declarations])
        XCTAssertEqual(written.payloads.first?.type, .object(ObjectType(fields: [FieldType(name: "id", type: .string, required: true)])))
    }
}
