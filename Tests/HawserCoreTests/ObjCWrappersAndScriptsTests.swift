import XCTest
@testable import HawserCore

/// Objective-C registrations behind macros, wrapper methods and functions, and JavaScript held
/// in Objective-C string literals.
final class ObjCWrappersAndScriptsTests: XCTestCase {
    private func analyze(_ files: [(String, String)]) -> NativeFacts {
        ObjCFrontEnd.analyze(files.map { SourceFile(path: $0.0, text: $0.1) })
    }

    private func analyze(_ source: String) -> NativeFacts { analyze([("App.m", source)]) }

    private func implementation(_ methods: String) -> String {
        "@implementation Bridge\n" + methods + "\n@end\n"
    }

    // MARK: - Macros

    func testAFunctionLikeMacroIsExpandedWhereItIsUsed() {
        let facts = analyze("""
        #define ADD(c, n) [c addScriptMessageHandler:self name:n]
        \(implementation("- (void)setUp {\n    ADD(ucc, @\"fromMacro\");\n    ADD(ucc, (@\"inParens\"));\n}"))
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["fromMacro", "inParens"])
        // Reported where the name is written: the macro's argument.
        XCTAssertEqual(facts.registrations.first?.location, SourceLocation(file: "App.m", line: 4, column: 14))
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testAStringizedParameterIsItsArgumentsText() {
        let facts = analyze("""
        #define ADD_NAMED(c, bare) [c addScriptMessageHandler:self name:@#bare]
        \(implementation("- (void)setUp {\n    ADD_NAMED(ucc, share);\n}"))
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["share"])
    }

    func testAMacroFromAHeaderIsExpandedInAnotherFileAndTheFilesOwnWins() {
        let facts = analyze([
            ("Macros.h", "#define ADD(n) [ucc addScriptMessageHandler:self name:n]\n"),
            ("A.m", implementation("- (void)a {\n    ADD(@\"a\");\n}")),
            ("B.m", "#define ADD(n) [ucc addScriptMessageHandler:self name:@\"own\"]\n" + implementation("- (void)b {\n    ADD(@\"b\");\n}")),
        ])
        XCTAssertEqual(facts.registrations.map(\.name), ["a", "own"])
    }

    func testAMacroThatExpandsToItselfEnds() {
        let facts = analyze("""
        #define ADD(n) ADD([ucc addScriptMessageHandler:self name:n])
        \(implementation("- (void)setUp {\n    ADD(@\"once\");\n}"))
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["once"])
    }

    func testAMacroThatDoesNotRegisterIsLeftAlone() {
        // `kName(x)` is function-like: `name:kName` without parentheses is not its use.
        let facts = analyze("""
        #define kName(x) @"name"
        \(implementation("- (void)setUp {\n    [ucc addScriptMessageHandler:self name:kName];\n}"))
        """)
        XCTAssertEqual(facts.registrations, [])
        XCTAssertEqual(facts.diagnostics.map(\.code), [.unresolvedRegistration])
    }

    // MARK: - Wrappers

    func testAWrapperMethodsCallsSupplyTheNames() {
        let facts = analyze("""
        static NSString *const kConstant = @"constant";
        \(implementation("""
        - (void)addHandlerNamed:(NSString *)name {
            [self.ucc addScriptMessageHandler:self name:name];
        }
        - (void)setUp {
            [self addHandlerNamed:@"literal"];
            [self addHandlerNamed:kConstant];
        }
        """))
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["literal", "constant"])
        XCTAssertEqual(facts.registrations.map(\.location.line), [7, 8])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testAWrapperCalledWithANonConstantSaysWhere() {
        let facts = analyze(implementation("""
        - (void)addHandlerNamed:(NSString *)name {
            [self.ucc addScriptMessageHandler:self name:name];
        }
        - (void)setUp {
            [self addHandlerNamed:[self computedName:3]];
        }
        """))
        XCTAssertEqual(facts.registrations, [])
        XCTAssertEqual(facts.diagnostics.map(\.message), [
            "cannot resolve handler name 'name' statically: parameter 'name' of -[addHandlerNamed:] receives '[ self computedName : 3 ]', which is not a constant name",
        ])
        XCTAssertEqual(facts.diagnostics.first?.location.line, 6)
    }

    func testACategoryMethodWithABlockArgumentIsAWrapper() {
        let facts = analyze("""
        @implementation WKUserContentController (Blocks)
        - (void)addScriptMessageHandlerBlock:(void (^)(WKScriptMessage *))block name:(NSString *)name {
            [self addScriptMessageHandler:[[BlockHandler alloc] initWithBlock:block] name:name];
        }
        @end
        @implementation Window
        - (void)setUp {
            [ucc addScriptMessageHandlerBlock:^(WKScriptMessage *msg) {
                [self log:msg.body ok:YES];
            } name:@"api"];
        }
        @end
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["api"])
        XCTAssertEqual(facts.registrations.first?.location.line, 10)
    }

    func testWrappersOfWrappersAndCFunctions() {
        let facts = analyze("""
        static void Register(WKUserContentController *c, id h, NSString *handlerName) {
            [c addScriptMessageHandler:h name:handlerName];
        }
        \(implementation("""
        - (void)forward:(NSString *)forwarded {
            Register(self.ucc, self, forwarded);
        }
        - (void)setUp {
            [self forward:@"deep"];
            Register(self.ucc, self, @"direct");
        }
        """))
        """)
        XCTAssertEqual(Set(facts.registrations.map(\.name)), ["deep", "direct"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testAPrototypeOfAWrapperFunctionIsNoCall() {
        let facts = analyze([
            ("Register.h", "void Register(WKUserContentController *c, NSString *handlerName);\nextern BOOL Other(void);\n"),
            ("Register.m", """
            void Register(WKUserContentController *c, NSString *handlerName) {
                [c addScriptMessageHandler:self name:handlerName];
            }
            \(implementation("- (void)setUp {\n    if (ok) Register(self.ucc, @\"a\");\n    return Register(self.ucc, @\"b\");\n}"))
            """),
        ])
        XCTAssertEqual(facts.registrations.map(\.name), ["a", "b"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testARecursiveWrapperEnds() {
        let facts = analyze(implementation("""
        - (void)add:(NSString *)name {
            [self.ucc addScriptMessageHandler:self name:name];
            [self add:name];
        }
        - (void)setUp {
            [self add:@"x"];
        }
        """))
        XCTAssertEqual(facts.registrations.map(\.name), ["x"])
    }

    func testAUnaryMethodThatReturnsALiteralIsItsName() {
        let facts = analyze(implementation("""
        - (NSString *)name {
            return @"customHandler";
        }
        + (NSString *)handlerName { return @"classHandler"; }
        - (void)setUp {
            [self.ucc addScriptMessageHandler:self name:[self name]];
            [self.ucc addScriptMessageHandler:self name:self.name];
            [self.ucc addScriptMessageHandler:self name:[self.class handlerName]];
            [self.ucc addScriptMessageHandler:self name:[[self class] handlerName]];
        }
        """))
        XCTAssertEqual(facts.registrations.map(\.name), ["customHandler", "customHandler", "classHandler", "classHandler"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    // MARK: - JavaScript in string literals

    func testAConcatenatedLiteralIsOneScriptWithExactPositions() throws {
        let source = """
        static NSString *const kJS =
            @"(function () {\\n"
            @"  window.webkit.messageHandlers.first.postMessage(\\"hi\\");\\n"
            "  window.webkit.messageHandlers.second.postMessage(2);\\n"
            @"})();";
        """
        let facts = analyze(source)
        let script = try XCTUnwrap(facts.embeddedScripts.first)
        XCTAssertEqual(facts.embeddedScripts.count, 1)
        XCTAssertEqual(String(decoding: script.bytes, as: UTF8.self), """
        (function () {
          window.webkit.messageHandlers.first.postMessage("hi");
          window.webkit.messageHandlers.second.postMessage(2);
        })();
        """)
        let text = String(decoding: script.bytes, as: UTF8.self)
        for (name, line) in [("first", 3), ("second", 4)] {
            let offset = text.utf8.count - text[text.range(of: name)!.lowerBound...].utf8.count
            let position = script.sourcePosition(ofOffset: offset)
            let sourceLine = source.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            XCTAssertEqual(position.line, line)
            XCTAssertEqual(position.column, sourceLine.utf8.count - sourceLine[sourceLine.range(of: name)!.lowerBound...].utf8.count + 1)
        }
        // After the escaped quotes (two source bytes each) the columns still match: the `;`.
        let offset = text.utf8.count - text[text.range(of: "postMessage(\"hi\")")!.upperBound...].utf8.count
        XCTAssertEqual(script.sourcePosition(ofOffset: offset).column, 64)
    }

    func testAFormatsSpecifiersAreInterpolations() throws {
        let facts = analyze("""
        static NSString *const kName = @"ready";
        void f(void) {
            NSString *js = [NSString stringWithFormat:@"webkit.messageHandlers.%@.postMessage('%d%%'); webkit.messageHandlers.%2$@.postMessage(0); x(%*d, %@)", kName, 3, unknown];
        }
        """)
        let script = try XCTUnwrap(facts.embeddedScripts.first)
        let prefix = EmbeddedScript.interpolationPrefix
        XCTAssertEqual(
            String(decoding: script.bytes, as: UTF8.self),
            "webkit.messageHandlers.\(prefix)0.postMessage('\(prefix)1%'); webkit.messageHandlers.\(prefix)2.postMessage(0); x(\(prefix)3, \(prefix)4)")
        XCTAssertEqual(script.interpolations[prefix + "0"], ["ready"])
        // `%d` takes an argument but is not a string; `%2$@` is the second argument (3, a number).
        XCTAssertEqual(script.interpolations[prefix + "1"], [])
        XCTAssertEqual(script.interpolations[prefix + "2"], [])
        XCTAssertEqual(script.interpolations[prefix + "4"], [])
        XCTAssertEqual(script.interpolationSpelling, "%@")
        XCTAssertEqual(script.sourcePosition(ofOffset: 23).column, 72)
    }

    func testALiteralThatIsNoFormatKeepsItsPercentSigns() throws {
        let facts = analyze("""
        NSString *js = @"var p = 5 %@ 2; webkit.messageHandlers.x.postMessage(p);";
        """)
        let script = try XCTUnwrap(facts.embeddedScripts.first)
        XCTAssertTrue(String(decoding: script.bytes, as: UTF8.self).hasPrefix("var p = 5 %@ 2;"))
        XCTAssertEqual(script.interpolations, [:])
    }

    func testTheWorldOfAUserScriptIsKnownDirectlyAndThroughAVariable() {
        let facts = analyze(implementation("""
        - (void)setUp {
            NSString *js = @"webkit.messageHandlers.a.postMessage(1)";
            WKUserScript *s = [[WKUserScript alloc] initWithSource:js injectionTime:WKUserScriptInjectionTimeAtDocumentEnd forMainFrameOnly:YES inContentWorld:[WKContentWorld defaultClientWorld]];
            WKUserScript *t = [[WKUserScript alloc] initWithSource:@"webkit.messageHandlers.b.postMessage(1)" injectionTime:WKUserScriptInjectionTimeAtDocumentEnd forMainFrameOnly:YES inContentWorld:WKContentWorld.pageWorld];
            NSString *other = @"webkit.messageHandlers.c.postMessage(1)";
        }
        """))
        XCTAssertEqual(facts.embeddedScripts.map(\.world), [.defaultClient, .page, nil])
    }

    func testARawStringInObjectiveCPlusPlus() throws {
        let facts = ObjCFrontEnd.analyze([SourceFile(path: "A.mm", text: "auto js = R\"js(webkit.messageHandlers.raw.postMessage(\"\\n\"))js\";\n")])
        let script = try XCTUnwrap(facts.embeddedScripts.first)
        XCTAssertEqual(String(decoding: script.bytes, as: UTF8.self), "webkit.messageHandlers.raw.postMessage(\"\\n\")")
        XCTAssertEqual(script.sourcePosition(ofOffset: 0).column, 16)
    }
}
