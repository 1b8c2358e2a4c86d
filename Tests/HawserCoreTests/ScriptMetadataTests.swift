@testable import HawserCore
import XCTest

final class ScriptMetadataTests: XCTestCase {
    func parse(_ text: String, style: ScriptMetadataParser.Style = .javaScript) -> (ScriptMetadata, [String]) {
        let (metadata, diagnostics) = ScriptMetadataParser.parse(Array(text.utf8), file: "s.js", style: style)
        for d in diagnostics {
            XCTAssertEqual(d.code, .invalidMetadata)
            XCTAssertEqual(d.severity, .error)
            XCTAssertEqual(d.location.file, "s.js")
        }
        return (metadata, diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" })
    }

    /// The diagnostics for one key line inside a JavaScript block (it lands on line 2).
    func errors(_ keyLine: String) -> [String] {
        parse("// ==UserScript==\n\(keyLine)\n// ==/UserScript==\n").1
    }

    func pattern(_ s: String) -> MatchPattern { try! MatchPattern(parsing: s) }

    // MARK: Every key

    func testAllKeys() {
        let text = """
            // ==UserScript==
            // @name         Reader mode  
            // @description  Makes   pages readable
            // @run-at       document-start
            // @noframes
            // @world        reader
            // @match        https://*.example.com/*
            // @match        http://example.org/
            // @exclude-match https://example.com/private/*
            // @require      dom-helpers
            // @require      util
            // @unwrap
            //
            // ==/UserScript==
            main()
            """
        let (m, errors) = parse(text)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(m.name, "Reader mode")
        XCTAssertEqual(m.nameLocation, SourceLocation(file: "s.js", line: 2, column: 18))
        XCTAssertEqual(m.description, "Makes   pages readable")
        XCTAssertEqual(m.runAt, .documentStart)
        XCTAssertTrue(m.noFrames)
        XCTAssertEqual(m.world, .named("reader"))
        XCTAssertEqual(m.match, [pattern("https://*.example.com/*"), pattern("http://example.org/")])
        XCTAssertEqual(m.excludeMatch, [pattern("https://example.com/private/*")])
        XCTAssertEqual(m.requires, [
            ScriptRequire(name: "dom-helpers", location: SourceLocation(file: "s.js", line: 10, column: 18)),
            ScriptRequire(name: "util", location: SourceLocation(file: "s.js", line: 11, column: 18)),
        ])
        XCTAssertTrue(m.unwrap)
    }

    func testDefaultsWhenNoBlock() {
        let (m, errors) = parse("console.log(1)\n")
        XCTAssertEqual(errors, [])
        XCTAssertEqual(m, ScriptMetadata())
        XCTAssertNil(m.name)
        XCTAssertNil(m.runAt)
        XCTAssertNil(m.world)
        XCTAssertFalse(m.noFrames)
        XCTAssertFalse(m.unwrap)
        XCTAssertEqual(parse("").1, [])
        var empty = ScriptMetadata()
        empty.blockLocation = SourceLocation(file: "s.js", line: 1, column: 1)
        XCTAssertEqual(parse("// ==UserScript==\n// ==/UserScript==").0, empty)
    }

    func testRunAtValues() {
        for (value, expected) in [("document-start", InjectionTime.documentStart), ("document-end", .documentEnd), ("document-idle", .documentEnd)] {
            let (m, errors) = parse("// ==UserScript==\n// @run-at \(value)\n// ==/UserScript==")
            XCTAssertEqual(errors, [])
            XCTAssertEqual(m.runAt, expected)
        }
        XCTAssertEqual(errors("// @run-at start"), ["2:4 invalid '@run-at' value 'start'; expected document-start, document-end or document-idle"])
        XCTAssertEqual(errors("// @run-at Document-Start"), ["2:4 invalid '@run-at' value 'Document-Start'; expected document-start, document-end or document-idle"])
        XCTAssertEqual(errors("// @run-at"), ["2:4 '@run-at' needs a value: document-start, document-end or document-idle"])
    }

    func testWorldValues() {
        for (value, expected) in [("page", ContentWorldSpec.page), ("defaultClient", .defaultClient), ("myWorld", .named("myWorld")), ("x.y-1", .named("x.y-1"))] {
            let (m, errors) = parse("// ==UserScript==\n// @world \(value)\n// ==/UserScript==")
            XCTAssertEqual(errors, [])
            XCTAssertEqual(m.world, expected)
        }
        XCTAssertEqual(errors("// @world"), ["2:4 '@world' needs a value: page, defaultClient or a world name without whitespace"])
        XCTAssertEqual(errors("// @world my world"), ["2:4 invalid '@world' value 'my world'; expected page, defaultClient or a world name without whitespace"])
        XCTAssertEqual(errors("// @world Page"), ["2:4 invalid '@world' value 'Page'; did you mean 'page'? (expected page, defaultClient or a world name without whitespace)"])
        XCTAssertEqual(errors("// @world defaultclient"), ["2:4 invalid '@world' value 'defaultclient'; did you mean 'defaultClient'? (expected page, defaultClient or a world name without whitespace)"])
    }

    func testValueRules() {
        XCTAssertEqual(errors("// @name"), ["2:4 '@name' needs a value"])
        XCTAssertEqual(errors("// @name   \t "), ["2:4 '@name' needs a value"])
        XCTAssertEqual(errors("// @description"), ["2:4 '@description' needs a value"])
        XCTAssertEqual(errors("// @noframes yes"), ["2:4 '@noframes' takes no value, found 'yes'"])
        XCTAssertEqual(errors("// @unwrap true"), ["2:4 '@unwrap' takes no value, found 'true'"])
        XCTAssertEqual(errors("// @require"), ["2:4 '@require' needs a script name"])
        XCTAssertEqual(errors("// @match"), ["2:4 '@match' needs a match pattern, such as 'https://example.com/*'"])
        XCTAssertEqual(errors("// @exclude-match"), ["2:4 '@exclude-match' needs a match pattern, such as 'https://example.com/*'"])
        XCTAssertEqual(errors("// @match example.com"), ["2:4 invalid '@match' pattern 'example.com': missing scheme separator '://'"])
        XCTAssertEqual(errors("// @match https://*foo.com/*"), ["2:4 invalid '@match' pattern 'https://*foo.com/*': '*' in the host must be alone or lead '*.'"])
        XCTAssertEqual(errors("// @match https://a.com/* https://b.com/*"), ["2:4 invalid '@match' pattern 'https://a.com/* https://b.com/*': a match pattern cannot contain whitespace"])
        XCTAssertEqual(errors("// @exclude-match https://a.com"), ["2:4 invalid '@exclude-match' pattern 'https://a.com': missing path: add '/' or '/*' after the host"])
        XCTAssertEqual(errors("// @"), ["2:4 missing key after '@'"])
    }

    func testUnknownKeys() {
        XCTAssertEqual(errors("// @nmae Foo"), ["2:4 unknown metadata key '@nmae'; did you mean '@name'?"])
        XCTAssertEqual(errors("// @Name Foo"), ["2:4 unknown metadata key '@Name'; did you mean '@name'?"])
        XCTAssertEqual(errors("// @run_at document-end"), ["2:4 unknown metadata key '@run_at'; did you mean '@run-at'?"])
        XCTAssertEqual(errors("// @noframe"), ["2:4 unknown metadata key '@noframe'; did you mean '@noframes'?"])
        XCTAssertEqual(errors("// @include https://a.com/*"), ["2:4 unknown metadata key '@include'; did you mean '@match'?"])
        XCTAssertEqual(errors("// @exclude https://a.com/*"), ["2:4 unknown metadata key '@exclude'; did you mean '@exclude-match'?"])
        XCTAssertEqual(errors("// @grant GM_xmlhttpRequest"), [
            "2:4 unknown metadata key '@grant'; known keys are @name, @description, @match, @exclude-match, @run-at, @noframes, @world, @require, @unwrap",
        ])
    }

    /// Other managers' descriptive keys are not errors.
    func testInformationalKeysAreIgnored() {
        XCTAssertEqual(errors("// @version 1.0\n// @author Someone\n// @namespace https://example.com\n// @name:fr Démo\n// @description:de Text"), [])
    }

    func testDuplicates() {
        let text = """
            // ==UserScript==
            // @name A
            // @run-at document-end
            // @world page
            // @description d
            // @noframes
            // @unwrap
            // @name B
            // @run-at document-start
            // @world other
            // @description e
            // @noframes
            // @unwrap
            // @match https://a.com/*
            // @match https://a.com/*
            // @require x
            // @require x
            // ==/UserScript==
            """
        let (m, errors) = parse(text)
        XCTAssertEqual(errors, [
            "8:4 duplicate '@name': already given on line 2",
            "9:4 duplicate '@run-at': already given on line 3",
            "10:4 duplicate '@world': already given on line 4",
            "11:4 duplicate '@description': already given on line 5",
            "12:4 duplicate '@noframes': already given on line 6",
            "13:4 duplicate '@unwrap': already given on line 7",
        ])
        XCTAssertEqual(m.name, "A")
        XCTAssertEqual(m.runAt, .documentEnd)
        XCTAssertEqual(m.world, .page)
        XCTAssertEqual(m.match.count, 2)
        XCTAssertEqual(m.requires.map(\.name), ["x", "x"])
    }

    func testDuplicateOfAnInvalidFirstValue() {
        XCTAssertEqual(parse("// ==UserScript==\n// @run-at soon\n// @run-at document-end\n// ==/UserScript==").1, [
            "2:4 invalid '@run-at' value 'soon'; expected document-start, document-end or document-idle",
            "3:4 duplicate '@run-at': already given on line 2",
        ])
    }

    // MARK: Line shapes

    func testWhitespaceFlexibility() {
        let text = "  //   ==UserScript==   \n//@name\tTight\t\n\t//    @run-at    document-idle   \n//\n//   \t\n   //==/UserScript==\n"
        let (m, errors) = parse(text)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(m.name, "Tight")
        XCTAssertEqual(m.nameLocation?.column, 9)
        XCTAssertEqual(m.runAt, .documentEnd)
    }

    func testLinesThatAreNotKeys() {
        let text = """
            // ==UserScript==
            // @name A
            // just a remark
            var x = 1

              /* @name */
            // ==/UserScript==
            """
        XCTAssertEqual(parse(text).1, [
            "3:4 expected '// @key value'",
            "4:1 expected '// @key value'",
            "5:1 expected '// @key value'; write '//' for a blank line inside the block",
            "6:3 expected '// @key value'",
        ])
    }

    func testColumnsCountUTF8Bytes() {
        let (m, errors) = parse("// ==UserScript==\n// @name Café ☕\n//\u{3000}@nope\n// ==/UserScript==")
        XCTAssertEqual(m.name, "Café ☕")
        // U+3000 is not ASCII whitespace, so the comment text starts at it (byte 3).
        XCTAssertEqual(errors, ["3:3 expected '// @key value'"])
        let (_, errs2) = parse("// ==UserScript==\n// @name é\n// @name x\n// ==/UserScript==")
        XCTAssertEqual(errs2, ["3:4 duplicate '@name': already given on line 2"])
        let (m3, _) = parse("// ==UserScript==\n//é @x\n// @require ü\n// ==/UserScript==")
        XCTAssertEqual(m3.requires.first?.location.column, 13)
    }

    // MARK: Block position

    func testWhatMayPrecedeTheBlock() {
        let text = "#!/usr/bin/env node\n\n   \n// Copyright 2026\n// ==/UserScript==\n// ==UserScript==\n// @name A\n// ==/UserScript==\n"
        let (m, errors) = parse(text)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(m.name, "A")
        // A UTF-8 byte order mark is allowed too.
        XCTAssertEqual(parse("\u{FEFF}// ==UserScript==\n// @name A\n// ==/UserScript==").0.name, "A")
    }

    func testBlockAfterCodeIsAnError() {
        let text = "'use strict';\n// ==UserScript==\n// @name A\n// ==/UserScript==\n"
        let (m, errors) = parse(text)
        XCTAssertNil(m.name)
        XCTAssertEqual(errors, ["2:1 the metadata block must be at the top of the file: only blank lines, '//' comments and a '#!' line may precede it"])
        // A block comment is not allowed before it either.
        XCTAssertEqual(parse("/* license */\n  // ==UserScript==\n// ==/UserScript==").1, [
            "2:3 the metadata block must be at the top of the file: only blank lines, '//' comments and a '#!' line may precede it",
        ])
        // `#!` only on the first line.
        XCTAssertEqual(parse("\n#!node\n// ==UserScript==\n// ==/UserScript==").1.count, 1)
    }

    func testUnclosedBlock() {
        let (m, errors) = parse("// comment\n  // ==UserScript==\n// @name A\n// @bogus\nmain()\n")
        XCTAssertNil(m.name)
        XCTAssertEqual(errors, ["2:3 '// ==UserScript==' has no closing '// ==/UserScript=='"])
    }

    func testStrayClosingMarkerIsIgnored() {
        let (m, errors) = parse("main()\n// ==/UserScript==\n")
        XCTAssertEqual(m, ScriptMetadata())
        XCTAssertEqual(errors, [])
    }

    func testMarkersAreExact() {
        // Not markers: they are plain comments before code, so there is no block.
        XCTAssertEqual(parse("// ==UserScript== x\n// @name A\n// ==/UserScript==\nf()").0.name, nil)
        XCTAssertEqual(parse("// ==userscript==\n// @name A\n// ==/userscript==\nf()").1, [])
    }

    // MARK: Line endings

    func testLineEndings() {
        for eol in ["\n", "\r\n", "\r"] {
            let text = ["// ==UserScript==", "// @name  A ", "// @nmae B", "// @run-at document-start", "// ==/UserScript==", "x()"]
                .joined(separator: eol)
            let (m, errors) = parse(text)
            XCTAssertEqual(m.name, "A", eol.debugDescription)
            XCTAssertEqual(m.runAt, .documentStart)
            XCTAssertEqual(m.nameLocation, SourceLocation(file: "s.js", line: 2, column: 11))
            XCTAssertEqual(errors, ["3:4 unknown metadata key '@nmae'; did you mean '@name'?"], eol.debugDescription)
        }
        // Mixed endings count as one line each.
        let (_, errors) = parse("// ==UserScript==\r\n\r// @x\n// ==/UserScript==")
        XCTAssertEqual(errors, ["2:1 expected '// @key value'; write '//' for a blank line inside the block", "3:4 unknown metadata key '@x'; known keys are @name, @description, @match, @exclude-match, @run-at, @noframes, @world, @require, @unwrap"])
    }

    // MARK: CSS

    func testCSSBlock() {
        let text = """
            /* ==UserStyle==
            @name        Dark mode
            @run-at      document-end
             * @match    https://example.com/*
               @world    page

            ==/UserStyle== */
            body { color: white }
            """
        let (m, errors) = parse(text, style: .css)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(m.name, "Dark mode")
        XCTAssertEqual(m.nameLocation, SourceLocation(file: "s.js", line: 2, column: 14))
        XCTAssertEqual(m.runAt, .documentEnd)
        XCTAssertEqual(m.match, [pattern("https://example.com/*")])
        XCTAssertEqual(m.world, .page)
    }

    func testCSSErrors() {
        let text = """

              /* ==UserStyle==
               * @nmae x
               * hello
               @run-at later
            ==/UserStyle==
            */
            """
        XCTAssertEqual(parse(text, style: .css).1, [
            "3:6 unknown metadata key '@nmae'; did you mean '@name'?",
            "4:6 expected '@key value'",
            "5:4 invalid '@run-at' value 'later'; expected document-start, document-end or document-idle",
        ])
        XCTAssertEqual(parse("/* ==UserStyle==\n@name A\n==/UserStyle==\nstray\n*/", style: .css).1,
                       ["4:1 unexpected text after '==/UserStyle=='; expected '*/'"])
    }

    func testCSSBlockPosition() {
        // Not a UserStyle comment: no block, no error.
        XCTAssertEqual(parse("/* plain */\nbody {}", style: .css).1, [])
        XCTAssertEqual(parse("body {}", style: .css).0, ScriptMetadata())
        // The block must be the first thing.
        XCTAssertEqual(parse("body {}\n/* ==UserStyle==\n@name A\n==/UserStyle== */", style: .css).1,
                       ["2:1 the metadata block must be at the top of the file: only blank lines may precede it"])
        XCTAssertEqual(parse("/* license */\n/* ==UserStyle==\n==/UserStyle== */", style: .css).1,
                       ["2:1 the metadata block must be at the top of the file: only blank lines may precede it"])
        // Unclosed: the comment ends first, or never ends, or closes on its opening line.
        XCTAssertEqual(parse("/* ==UserStyle==\n@name A\n*/\nbody {}", style: .css).1,
                       ["1:1 '/* ==UserStyle==' has no closing '==/UserStyle== */'"])
        XCTAssertEqual(parse("  /* ==UserStyle==\n@name A\n==/UserStyle==", style: .css).1,
                       ["1:3 '/* ==UserStyle==' has no closing '==/UserStyle== */'"])
        XCTAssertEqual(parse("/* ==UserStyle== */\n@name A", style: .css).1,
                       ["1:1 '/* ==UserStyle==' has no closing '==/UserStyle== */'"])
        // CRLF and a `//` JavaScript block mean nothing in CSS style.
        XCTAssertEqual(parse("/* ==UserStyle==\r\n@name A\r\n==/UserStyle== */\r\n", style: .css).0.name, "A")
        XCTAssertEqual(parse("// ==UserScript==\n// @name A\n// ==/UserScript==", style: .css).0.name, nil)
        XCTAssertEqual(parse("/* ==UserStyle==\n@name A\n==/UserStyle== */", style: .javaScript).0.name, nil)
    }
}
