import XCTest
@testable import HawserCore

final class ObjCFrontEndTests: XCTestCase {
    private func analyze(_ source: String, path: String = "App.m") -> NativeFacts {
        ObjCFrontEnd.analyze([SourceFile(path: path, text: source)])
    }

    private func analyze(_ files: [(String, String)]) -> NativeFacts {
        ObjCFrontEnd.analyze(files.map { SourceFile(path: $0.0, text: $0.1) })
    }

    private func names(_ source: String) -> [String] {
        analyze(source).registrations.map(\.name)
    }

    /// `body` inside a method of an `@implementation`.
    private func method(_ body: String) -> String {
        """
        @implementation Bridge
        - (void)setUp {
        \(body)
        }
        @end
        """
    }

    private func assertUnresolved(
        _ source: String, text: String, reason: String = "it is not a constant name the scan can see",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let facts = analyze(source)
        XCTAssertEqual(facts.registrations.map(\.name), [], file: file, line: line)
        XCTAssertEqual(facts.diagnostics.map(\.message), ["cannot resolve handler name '\(text)' statically: \(reason)"], file: file, line: line)
        XCTAssertEqual(facts.diagnostics.map(\.code), [.unresolvedRegistration], file: file, line: line)
    }

    // MARK: - Registration forms

    func testAddScriptMessageHandlerName() {
        let facts = analyze(method("    [controller addScriptMessageHandler:self name:@\"observer\"];"))
        XCTAssertEqual(facts.registrations, [HandlerRegistration(
            name: "observer", location: SourceLocation(file: "App.m", line: 3, column: 51),
            reply: false, world: nil, scope: "App.m:2:1", receiverTypes: ["Bridge"])])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testContentWorldAndReply() {
        let r = analyze(method("""
            [ucc addScriptMessageHandler:self contentWorld:WKContentWorld.pageWorld name:@"inPage"];
            [ucc addScriptMessageHandlerWithReply:self contentWorld:[WKContentWorld defaultClientWorld] name:@"readFile"];
            [ucc addScriptMessageHandlerWithReply:self
                                     contentWorld:[WKContentWorld worldWithName:@"tools"]
                                             name:@"inTools"];
        """)).registrations
        XCTAssertEqual(r.map(\.name), ["inPage", "readFile", "inTools"])
        XCTAssertEqual(r.map(\.reply), [false, true, true])
        XCTAssertEqual(r.map(\.world), [
            "WKContentWorld.pageWorld", "WKContentWorld.defaultClientWorld", "[WKContentWorld worldWithName:@\"tools\"]",
        ])
        XCTAssertEqual(r[2].location.line, 7)
        XCTAssertEqual(r[2].location.column, 43)
    }

    func testBothSpellingsOfAWorldAreOne() {
        let r = analyze(method("""
            [ucc addScriptMessageHandler:self contentWorld:[WKContentWorld pageWorld] name:@"a"];
            [ucc addScriptMessageHandler:self contentWorld:WKContentWorld.pageWorld name:@"b"];
        """)).registrations
        XCTAssertEqual(Set(r.map(\.world)), ["WKContentWorld.pageWorld"])
    }

    func testAnyReceiver() {
        XCTAssertEqual(names(method("""
            [self.webView.configuration.userContentController addScriptMessageHandler:self name:@"a"];
            [[webView configuration].userContentController addScriptMessageHandler:self name:@"b"];
            [[[w configuration] userContentController] addScriptMessageHandler:[[Weak alloc] initWithTarget:self] name:@"c"];
            [_controller addScriptMessageHandler:(id<WKScriptMessageHandler>)handler name:@"d"];
            [self->ucc addScriptMessageHandler:flag ? a : b name:@"e"];
        """)), ["a", "b", "c", "d", "e"])
    }

    func testInsideBlocksAndCFunctions() {
        let facts = analyze("""
        static void Register(WKUserContentController *c, id h) {
            [c addScriptMessageHandler:h name:@"fromFunction"];
        }
        @implementation Bridge
        - (void)setUp {
            dispatch_async(dispatch_get_main_queue(), ^{
                [self.ucc addScriptMessageHandler:self name:@"fromBlock"];
            });
        }
        @end
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["fromFunction", "fromBlock"])
        // A block is a scope of its own within the method (duplicates are found per block).
        XCTAssertEqual(facts.registrations.map(\.scope), ["App.m:1:13", "App.m:5:1#6:48"])
    }

    func testScopesAreMethods() {
        let facts = analyze("""
        @implementation Bridge
        - (void)one { [c addScriptMessageHandler:self name:@"a"]; [c addScriptMessageHandler:self name:@"a"]; }
        + (void)two:(WKUserContentController *)c { [c addScriptMessageHandler:self name:@"a"]; }
        @end
        """)
        XCTAssertEqual(facts.registrations.map(\.scope), ["App.m:2:1", "App.m:2:1", "App.m:3:1"])
    }

    // MARK: - Not registrations

    func testRemovalsSelectorsAndDeclarations() {
        let facts = analyze("""
        @protocol Registering
        - (void)addScriptMessageHandler:(id<WKScriptMessageHandler>)h name:(NSString *)n;
        @end
        @interface Wrapper : NSObject
        - (void)addScriptMessageHandlerWithReply:(id)h contentWorld:(WKContentWorld *)w name:(NSString *)n;
        @end
        @implementation Bridge
        - (void)tearDown {
            [ucc removeScriptMessageHandlerForName:@"a"];
            [ucc removeScriptMessageHandlerForName:@"b" contentWorld:WKContentWorld.pageWorld];
            [ucc removeAllScriptMessageHandlers];
            SEL s = @selector(addScriptMessageHandler:name:);
            if ([ucc respondsToSelector:@selector(addScriptMessageHandlerWithReply:contentWorld:name:)]) {}
            [ucc addScriptMessageHandler:self];
            addScriptMessageHandler(self, @"c");
            // [ucc addScriptMessageHandler:self name:@"comment"];
            NSString *js = @"[ucc addScriptMessageHandler:self name:@\\"string\\"]";
        }
        @end
        """)
        XCTAssertEqual(facts.registrations, [])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testATestDoubleImplementationIsNotACallSite() {
        let facts = analyze("""
        @implementation FakeUserContentController
        - (void)addScriptMessageHandler:(id<WKScriptMessageHandler>)handler name:(NSString *)name {
            [self.names addObject:name];
            [super addScriptMessageHandler:handler name:name];
        }
        - (void)addScriptMessageHandlerWithReply:(id)handler contentWorld:(WKContentWorld *)world name:(NSString *)name
        {
            [super addScriptMessageHandlerWithReply:handler contentWorld:world name:name];
        }
        - (void)installDefaults {
            [self addScriptMessageHandler:self name:@"fromTheDouble"];
        }
        @end
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["fromTheDouble"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testIfZeroBlocksAreDead() {
        XCTAssertEqual(names(method("""
        #if 0
            [ucc addScriptMessageHandler:self name:@"dead"];
        #elif DEBUG
            [ucc addScriptMessageHandler:self name:@"debug"];
        #else
            [ucc addScriptMessageHandler:self name:@"release"];
        #endif
        #if 1
            [ucc addScriptMessageHandler:self name:@"live"];
        #else
            [ucc addScriptMessageHandler:self name:@"alsoDead"];
        #endif
        """)), ["debug", "release", "live"])
    }

    // MARK: - Names

    func testConcatenatedLiterals() {
        XCTAssertEqual(names(method("""
            [ucc addScriptMessageHandler:self name:@"read" @"File"];
            [ucc addScriptMessageHandler:self name:@"write" "File"];
            [ucc addScriptMessageHandler:self name:(@"paren")];
        """)), ["readFile", "writeFile", "paren"])
    }

    func testDefines() {
        let source = """
        #define kObserver @"observer"
        #define kParen (@"paren")
        #define kAlias kObserver
        #define kLong \\
            @"long"
        #define kFunction(x) @"function"
        @implementation Bridge
        - (void)setUp {
            [ucc addScriptMessageHandler:self name:kObserver];
            [ucc addScriptMessageHandler:self name:kParen];
            [ucc addScriptMessageHandler:self name:kAlias];
            [ucc addScriptMessageHandler:self name:kLong];
            [ucc addScriptMessageHandler:self name:kFunction];
        }
        @end
        """
        let facts = analyze(source)
        XCTAssertEqual(facts.registrations.map(\.name), ["observer", "paren", "observer", "long"])
        XCTAssertEqual(facts.diagnostics.map(\.message), ["cannot resolve handler name 'kFunction' statically: it is not a constant name the scan can see"])
    }

    func testStringConstants() {
        XCTAssertEqual(names("""
        NSString *const kA = @"a";
        static NSString *const kB = @"b";
        static NSString * const kC = @"c", * const kD = @"d";
        static NSString *kE = @"e";
        NSString * _Nonnull const kF = kA;
        static const NSString *kG = @"g";
        @implementation Bridge
        - (void)setUp {
            for (NSString *n in @[kA, kB, kC, kD, kE, kF, kG]) {
                [ucc addScriptMessageHandler:self name:n];
            }
        }
        @end
        """), ["a", "b", "c", "d", "e", "g"])  // one location: sorted by name, once each
    }

    func testExternConstantDefinedInAnotherFile() {
        let facts = analyze([
            ("Names.h", "FOUNDATION_EXPORT NSString *const HWReadFile;\nextern NSString *const HWWriteFile;\n"),
            ("Names.m", "NSString *const HWReadFile = @\"readFile\";\nNSString *const HWWriteFile = @\"writeFile\";\n"),
            ("Bridge.m", method("    [ucc addScriptMessageHandler:self name:HWReadFile];\n    [ucc addScriptMessageHandler:self name:HWWriteFile];")),
        ])
        XCTAssertEqual(facts.registrations.map(\.name), ["readFile", "writeFile"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    /// The same file's definition wins; elsewhere a name stands for every value it is given.
    func testTheSameFileWinsOtherwiseTheUnion() {
        let facts = analyze([
            ("A.m", "static NSString *const kName = @\"a\";\n" + method("    [ucc addScriptMessageHandler:self name:kName];")),
            ("B.m", "static NSString *const kName = @\"b\";\n"),
            ("C.m", method("    [ucc addScriptMessageHandler:self name:kName];")),
            ("D.m", "#define kShared @\"shared\"\n"),
            ("E.m", "#define kShared @\"shared\"\n" + method("    [ucc addScriptMessageHandler:self name:kShared];")),
            ("F.m", method("    [ucc addScriptMessageHandler:self name:kShared];")),
        ])
        XCTAssertEqual(facts.registrations.map(\.location.file), ["A.m", "C.m", "C.m", "E.m", "F.m"])
        XCTAssertEqual(facts.registrations.map(\.name), ["a", "a", "b", "shared", "shared"])
        XCTAssertEqual(facts.diagnostics, [])
    }

    func testLocalVariablesAreSeenInTheirMethodOnly() {
        let facts = analyze("""
        @implementation Bridge
        - (void)one {
            NSString *name = @"one";
            [ucc addScriptMessageHandler:self name:name];
        }
        - (void)two:(NSString *)name {
            [ucc addScriptMessageHandler:self name:name];
        }
        @end
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["one"])
        XCTAssertEqual(facts.diagnostics.map(\.message), [
            "cannot resolve handler name 'name' statically: it is parameter 'name' of -[two:], which nothing the scan sees calls",
        ])
        XCTAssertEqual(facts.diagnostics.first?.location.line, 7)
    }

    func testAReassignedVariableIsNotAConstant() {
        assertUnresolved("""
        static NSString *kName = @"first";
        @implementation Bridge
        + (void)initialize { kName = @"second"; }
        - (void)setUp { [ucc addScriptMessageHandler:self name:kName]; }
        @end
        """, text: "kName")
        // A property of the same name is another thing.
        XCTAssertEqual(names("""
        static NSString *kName = @"first";
        @implementation Bridge
        - (void)setUp { self.kName = @"other"; [ucc addScriptMessageHandler:self name:kName]; }
        @end
        """), ["first"])
    }

    func testLoopsOverArrays() {
        let facts = analyze("""
        #define kMacroNames @[@"m1", @"m2"]
        static NSArray<NSString *> *const kNames = @[@"c1", @"c2",];
        NSArray *const kOld = [NSArray arrayWithObjects:@"o1", @"o2", nil];
        @implementation Bridge
        - (void)setUp {
            for (NSString *name in @[@"a", @"b"]) {
                [ucc addScriptMessageHandler:self name:name];
            }
            for (NSString *name in kNames) [ucc addScriptMessageHandler:self name:name];
            for (NSString *name in kMacroNames)
                if (enabled) [ucc addScriptMessageHandler:self name:name];
            NSArray *local = @[@"l1"];
            for (NSString *name in local) { [ucc addScriptMessageHandler:self name:name]; }
            for (NSString *name in kOld) { [ucc addScriptMessageHandler:self name:name]; }
            [ucc addScriptMessageHandler:self name:name];
        }
        @end
        """)
        XCTAssertEqual(facts.registrations.map(\.name), ["a", "b", "c1", "c2", "m1", "m2", "l1", "o1", "o2"])
        XCTAssertEqual(facts.diagnostics.map(\.location.line), [15])  // after the loops, `name` is nothing
    }

    func testUnresolvedNames() {
        assertUnresolved(method("    [ucc addScriptMessageHandler:self name:[self handlerName]];"), text: "[self handlerName]")
        assertUnresolved(method("    [ucc addScriptMessageHandler:self name:NSStringFromClass(self.class)];"), text: "NSStringFromClass(self.class)")
        assertUnresolved(method("    [ucc addScriptMessageHandler:self name:[@\"a\" stringByAppendingString:suffix]];"),
                         text: "[@\"a\" stringByAppendingString:suffix]")
        assertUnresolved(method("""
            NSDictionary *handlers = @{@"a": self};
            for (NSString *key in handlers) {
                [ucc addScriptMessageHandler:handlers[key] name:key];
            }
        """), text: "key", reason: "it is the variable of a loop over 'handlers', which is not an array of constant names the scan can see")
        assertUnresolved(method("""
            for (NSString *key in [handlers allKeys]) { [ucc addScriptMessageHandler:self name:key]; }
        """), text: "key", reason: "it is the variable of a loop over '[ handlers allKeys ]', which is not an array of constant names the scan can see")
        assertUnresolved(method("    [ucc addScriptMessageHandler:self name:\"cString\"];"), text: "\"cString\"")
    }

    // MARK: - Dispatch names

    func testDispatchForms() {
        let facts = analyze("""
        static NSString *const kLog = @"log";
        @implementation Bridge
        - (void)userContentController:(WKUserContentController *)ucc didReceiveScriptMessage:(WKScriptMessage *)msg {
            if ([msg.name isEqualToString:@"a"]) {}
            else if ([msg.name isEqualToString:kLog]) {}
            else if ([@"b" isEqualToString:msg.name]) {}
            else if ([[msg name] isEqualToString:@"c"]) {}
            else if ([message.name isEqual:@"d"]) {}
            NSString *name = msg.name;
            if ([name isEqualToString:@"e"]) {}
            if ([other.name isEqualToString:@"notDispatch"]) {}
            if ([msg.name isEqualToString:computed]) {}
            if ([msg.body isEqualToString:@"body"]) {}
        }
        - (void)other:(NSString *)name {
            if ([name isEqualToString:@"title"]) {}
        }
        @end
        """)
        XCTAssertEqual(facts.dispatchNames.map(\.name), ["a", "log", "b", "c", "d", "e"])
        XCTAssertEqual(facts.dispatchNames.map(\.location.line), [4, 5, 6, 7, 8, 10])
        XCTAssertEqual(facts.dispatchNames[1].location, SourceLocation(file: "App.m", line: 5, column: 40))
        XCTAssertEqual(facts.dispatchNames[2].location, SourceLocation(file: "App.m", line: 6, column: 15))
        XCTAssertEqual(facts.registrations, [])
    }

    // MARK: - Suppressions

    func testSuppressions() {
        let facts = analyze("""
        // hawser-ignore: unused-handler
        [ucc addScriptMessageHandler:self name:@"a"];
        [ucc addScriptMessageHandler:self name:@"b"]; /* hawser-ignore: unused-handler, duplicate-registration */
        /*
         * hawser-ignore: unresolved-registration
         */
        [ucc addScriptMessageHandler:self name:x];
        """)
        XCTAssertEqual(facts.suppressions, [
            Suppression(file: "App.m", line: 2, codes: ["unused-handler"]),
            Suppression(file: "App.m", line: 3, codes: ["unused-handler", "duplicate-registration"]),
            Suppression(file: "App.m", line: 7, codes: ["unresolved-registration"]),
        ])
    }

    // MARK: - Robustness

    func testEveryPrefixOfASourceIsHandled() {
        // Cut anywhere (inside a literal, a comment, a directive, a send), the source still
        // lexes and scans; the complete file gives the full answer.
        let source = Array("""
        #define kA \\
            @"a" /* x
        y */
        static NSString *const kB = @"b" "c"; // hawser-ignore: unused-handler
        auto js = R"js([c addScriptMessageHandler:self name:@"raw"])js";
        @implementation B
        - (void)f:(WKScriptMessage *)m {
            for (NSString *n in @[kA, kB]) [c addScriptMessageHandler:self name:n];
            if ([m.name isEqualToString:@"é"]) {}
        }
        @end

        """.utf8)
        for length in 0...source.count {
            _ = ObjCFrontEnd.analyze([SourceFile(path: "A.m", bytes: Array(source[0..<length]))])
        }
        let facts = ObjCFrontEnd.analyze([SourceFile(path: "A.m", bytes: source)])
        XCTAssertEqual(facts.registrations.map(\.name), ["a", "bc"])
        XCTAssertEqual(facts.dispatchNames.map(\.name), ["é"])
        XCTAssertEqual(facts.suppressions.map(\.line), [4])
    }

    // MARK: - With the pipeline

    func testObjCTakesPartInEveryCheck() {
        let input = ProjectInput(
            scripts: [SourceFile(path: "page.js", text: """
            window.webkit.messageHandlers.observer.postMessage(1);
            window.webkit.messageHandlers.fromSwift.postMessage(2);
            window.webkit.messageHandlers.readFiel.postMessage(3);
            """)],
            swift: [
                SourceFile(path: "Swift.swift", text: "func f() { controller.add(self, name: \"fromSwift\") }"),
                SourceFile(path: "Bridge.m", text: """
                #define kObserver @"observer"
                @implementation Bridge
                - (void)setUp {
                    [ucc addScriptMessageHandler:self name:kObserver];
                    [ucc addScriptMessageHandler:self name:@"readFile"];
                    [ucc addScriptMessageHandler:self name:@"readFile"];
                }
                - (void)userContentController:(id)c didReceiveScriptMessage:(WKScriptMessage *)message {
                    if ([message.name isEqualToString:@"obsrever"]) {}
                }
                @end
                """),
            ])
        let report = Pipeline.analyze(input)
        XCTAssertEqual(report.diagnostics.map { "\($0.location) \($0.code.rawValue)" }, [
            // 'readFile' is no unused-handler: the did-you-mean of 'readFiel' offers it.
            "Bridge.m:6:44 duplicate-registration",
            "Bridge.m:9:39 unknown-dispatch-name",
            "page.js:3:31 unregistered-handler",
        ])
        XCTAssertEqual(report.diagnostics.last?.suggestion, "readFile")
        XCTAssertEqual(report.handlers.map(\.name), ["fromSwift", "observer", "readFiel", "readFile"])
    }

    // MARK: - Message receivers (the native half of the payload check)

    /// The reads of the one receiver `source` defines, as `key:kind:required` strings.
    private func reads(_ source: String, names: [String]? = nil) -> [String] {
        let receivers = analyze(source).receivers
        XCTAssertEqual(receivers.count, 1)
        return (receivers.first?.branches ?? []).filter { $0.names == names }.flatMap(\.reads).map {
            "\($0.key ?? "<body>"):\($0.kind?.rawValue ?? "-"):\($0.required ? "required" : "optional")"
        }
    }

    private func receiver(_ body: String) -> String {
        """
        static NSString *const kKey = @"constKey";
        @implementation Receiver
        - (void)userContentController:(WKUserContentController *)controller didReceiveScriptMessage:(WKScriptMessage *)msg
        {
        \(body)
        }
        @end
        """
    }

    func testReceiverReadsEveryKeyedForm() {
        XCTAssertEqual(reads(receiver("""
            NSDictionary *body = (NSDictionary *)msg.body;
            id a = body[@"a"];
            id b = [body objectForKey:@"b"];
            id c = [[msg body] valueForKey:kKey];
            id d = msg.body[@"d"];
            id e = body[[self dynamicKey]];
            """)), ["a:-:optional", "b:-:optional", "constKey:-:optional", "d:-:optional"])
    }

    func testGuardsMakeReadsRequiredUntilAnotherWayOut() {
        XCTAssertEqual(reads(receiver("""
            NSDictionary *body = msg.body;
            if (![body isKindOfClass:[NSDictionary class]]) return;
            NSString *path = body[@"path"];
            NSNumber *size = body[@"size"];
            if (!path || size == nil) { return; }
            if (![body[@"mode"] isKindOfClass:[NSString class]]) return;
            if (self.closed) return;
            NSString *late = body[@"late"];
            if (!late) return;
            """)), ["<body>:object:required", "path:-:required", "size:-:required", "mode:string:required", "late:-:optional"])
    }

    func testAnAndConditionRequiresNothing() {
        XCTAssertEqual(reads(receiver("""
            NSString *path = msg.body[@"path"];
            if (!path && self.strict) return;
            """)), ["path:-:optional"])
    }

    func testKindsComeOnlyFromClassChecks() {
        // Objective-C assigns without checking: a declared NSString holds whatever was posted.
        XCTAssertEqual(reads(receiver("""
            NSString *declared = msg.body[@"declared"];
            id checked = msg.body[@"checked"];
            if ([checked isKindOfClass:[NSArray class]]) { [self use:checked]; }
            """)), ["declared:-:optional", "checked:array:optional"])
    }

    func testDispatchBranchesAndTheirElse() {
        let source = receiver("""
            NSString *name = msg.name;
            if ([name isEqualToString:@"open"] || [@"show" isEqual:msg.name]) {
                NSString *url = msg.body[@"url"];
                if (!url) return;
            } else {
                id other = msg.body[@"other"];
            }
            """)
        let receivers = analyze(source).receivers
        XCTAssertEqual(receivers.first?.branches.map(\.names), [nil, ["open", "show"], []])
        XCTAssertEqual(reads(source, names: ["open", "show"]), ["url:-:required"])
        XCTAssertEqual(reads(source, names: []), ["other:-:optional"])
    }

    func testANegatedDispatchThatReturnsReceivesTheRest() {
        let source = receiver("""
            if (![msg.name isEqualToString:kKey]) return;
            NSString *url = msg.body[@"url"];
            if (!url) return;
            """)
        XCTAssertEqual(reads(source, names: ["constKey"]), ["url:-:required"])
    }

    func testPassingTheBodyOnEscapesAndForwardingIsSeen() {
        let escaping = analyze(receiver("[self handle:msg.body];")).receivers
        XCTAssertEqual(escaping.first?.branches.map(\.escapes), [true])
        XCTAssertEqual(escaping.first?.forwards, false)
        let forwarding = analyze(receiver("[self.delegate userContentController:controller didReceiveScriptMessage:msg];")).receivers
        XCTAssertEqual(forwarding.first?.forwards, true)
    }

    func testAWeakProxyMadeWithSelfHandsItsMessagesToTheImplementation() {
        let facts = analyze("""
            @implementation Weak
            - (void)userContentController:(WKUserContentController *)c didReceiveScriptMessage:(WKScriptMessage *)m {
                [self.target userContentController:c didReceiveScriptMessage:m];
            }
            @end
            @implementation Owner
            - (void)setUp:(WKUserContentController *)c {
                [c addScriptMessageHandler:[[Weak alloc] initWithTarget:self] name:@"a"];
            }
            - (void)userContentController:(WKUserContentController *)c didReceiveScriptMessage:(WKScriptMessage *)m {
                NSDictionary *body = m.body;
                if (![body[@"url"] isKindOfClass:[NSString class]]) return;
            }
            @end
            """)
        XCTAssertEqual(facts.registrations.map(\.receiverTypes), [["Weak", "Owner"]])
        XCTAssertEqual(facts.receivers.map { "\($0.type):\($0.forwards)" }.sorted(), ["Owner:false", "Weak:true"])
    }

    func testRegisteredObjectsNameTheirClass() {
        let facts = analyze("""
            @implementation Owner
            - (void)setUp:(WKUserContentController *)c {
                [c addScriptMessageHandler:self name:@"a"];
                [c addScriptMessageHandler:[[Helper alloc] initWithOwner:self] name:@"b"];
                [c addScriptMessageHandler:[Proxy new] name:@"c"];
                [c addScriptMessageHandler:self.handler name:@"d"];
            }
            @end
            """)
        // A proxy made with `self` may forward to the implementation.
        XCTAssertEqual(facts.registrations.map(\.receiverTypes), [["Owner"], ["Helper", "Owner"], ["Proxy"], []])
    }
}
