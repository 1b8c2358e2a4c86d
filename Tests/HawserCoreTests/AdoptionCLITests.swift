import Foundation
import XCTest

/// Runs the built binary on layouts of existing apps: `hawser init`, the config found upward,
/// `exclude`, `pages`, scripts named by their path, and Hawser's own output left unread.
final class AdoptionCLITests: XCTestCase {
    static let swift = "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n}\n"
    static let use = "window.webkit.messageHandlers.observer.postMessage(1);\n"

    func hawser(_ arguments: [String], in project: TemporaryProject, at folder: String = "") throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: folder.isEmpty ? project.url : project.url.appendingPathComponent(folder))
    }

    // MARK: - hawser init

    /// An app the way apps are laid out: injected scripts next to the Swift, a page folder with
    /// its own JavaScript, a vendored library and a minified bundle, Node tooling, a template.
    func app() throws -> TemporaryProject {
        try TemporaryProject([
            "App/Sources/Bridge.swift": "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n    c.add(h, name: \"pageReady\")\n    c.add(h, name: \"legacy\")\n}\n",
            "App/Scripts/observer.js": Self.use,
            "App/Scripts/reader/index.js": "window.webkit.messageHandlers.observr.postMessage(2);\n",
            "App/Scripts/settings/index.js": "window.webkit.messageHandlers.$<handler>.postMessage(3);\n",
            "App/Scripts/vendor/lib.js": "window.webkit.messageHandlers.libraryHandler.postMessage(4);\n",
            "App/Scripts/app.min.js": "a();\n",
            "Web/index.html": "<!doctype html>\n<script src=\"js/page.js\"></script>\n",
            "Web/js/page.js": "window.webkit.messageHandlers.pageReady.postMessage(1);\n",
            "Web/style.css": "body { margin: 0; }\n",
            "tools/build.js": "require('fs');\n",
            "node_modules/x/index.js": "window.webkit.messageHandlers.fromNodeModules.postMessage(1);\n",
            "build/Intermediates/x.js": "window.webkit.messageHandlers.fromBuild.postMessage(1);\n",
        ])
    }

    func testInitWritesAConfigThatFitsTheAppAndLintsWithIt() throws {
        let project = try app()
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "hawser: wrote hawser.json; edit it, then run 'hawser lint'\n")
        let config = try project.read("hawser.json")
        XCTAssertEqual(config, """
            {
              "scripts": [
                "App/Scripts"
              ],
              "pages": [
                "Web/js",
                "App/Scripts/settings/index.js"
              ],
              "swift": [
                "App"
              ],
              "exclude": [
                "*.min.js",
                "App/Scripts/vendor"
              ],
              "placeholders": [
                "$<NAME>"
              ],
              "output": "App/Sources/Hawser"
            }

            """)
        let out = result.stdout
        XCTAssertTrue(out.hasPrefix("Looked at 7 .js files, 1 page and 1 native source:\n"), out)
        XCTAssertTrue(out.contains("  scripts  App/Scripts: 3 scripts using handlers (3 uses by name), and 2 other .js files linted with them\n"), out)
        XCTAssertTrue(out.contains("  pages    Web/js: 1 file using handlers (1 use by name)\n"), out)
        XCTAssertTrue(out.contains("  swift    App: 3 registrations in 1 file\n"), out)
        XCTAssertTrue(out.contains("  exclude  App/Scripts/vendor: vendored or built code, 1 file\n"), out)
        XCTAssertTrue(out.contains("  template $<NAME>: $<handler> at App/Scripts/settings/index.js:1, in 1 file\n"), out)
        XCTAssertTrue(out.contains("\nWrote hawser.json:\n" + config), out)
        // Then what lint reports with it: the two index.js do not collide, the vendored handler
        // and the skipped folders are not read.
        XCTAssertTrue(out.contains("\nhawser lint reports:\n"), out)
        XCTAssertTrue(out.contains("App/Scripts/reader/index.js:1:31: error: no message handler named 'observr' is registered in Swift; did you mean 'observer'? [unregistered-handler]\n"), out)
        // The template nothing fills in could be 'legacy', so no unused-handler is claimed.
        XCTAssertFalse(out.contains("unused-handler"), out)
        XCTAssertFalse(out.contains("invalid-metadata"), out)
        XCTAssertFalse(out.contains("libraryHandler") || out.contains("fromNodeModules") || out.contains("fromBuild"), out)
        XCTAssertTrue(out.contains("(config: hawser.json)\n\nNext steps:\n  1. Read hawser.json"), out)
        XCTAssertTrue(out.contains("\n  2. Run 'hawser build': it writes App/Sources/Hawser/Bridge.swift"), out)
        XCTAssertTrue(out.contains("\n  4. Inject the scripts with Bridge.installScripts(into: userContentController).\n"), out)

        // The file it wrote is the config lint reads.
        let lint = try hawser(["lint"], in: project)
        XCTAssertTrue(out.contains(lint.stdout), lint.stdout)
    }

    func testInitNeverOverwritesWithoutForce() throws {
        let project = try app()
        try project.write("hawser.json", "{\"scripts\": [\"mine\"]}\n")
        let refused = try hawser(["init"], in: project)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "hawser: error: hawser.json already exists; nothing was changed. Pass --force to replace it, --dry-run to see what init would propose, or edit it by hand\n")
        XCTAssertEqual(try project.read("hawser.json"), "{\"scripts\": [\"mine\"]}\n")

        let forced = try hawser(["init", "--force"], in: project)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try project.read("hawser.json").contains("\"App/Scripts\""))
    }

    func testInitOnAnAppWithoutHandlersWritesNothing() throws {
        let project = try TemporaryProject(["index.js": "console.log(1);\n", "App.swift": "struct App {}\n"])
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("  scripts  none: no .js file or page uses window.webkit.messageHandlers, and no WKUserScript injects one\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  swift    .: no registration found in 1 native source;"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Wrote"), result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("hawser: found no script that posts to a message handler or that a WKUserScript injects, and no handler registration, so nothing was written;"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("hawser.json").path))
        // An empty folder too.
        let empty = try hawser(["init"], in: try TemporaryProject())
        XCTAssertEqual(empty.status, 1, empty.stderr)
    }

    func testInitDryRunWritesNothingAndShowsTheSameProposal() throws {
        let project = try app()
        let dry = try hawser(["init", "--dry-run"], in: project)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertEqual(dry.stderr, "hawser: wrote nothing (--dry-run)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("hawser.json").path))
        XCTAssertTrue(dry.stdout.contains("\nWould write hawser.json:\n"), dry.stdout)
        // The same proposal and the same lint as the run that writes.
        let wrote = try hawser(["init"], in: project)
        XCTAssertEqual(dry.stdout.replacingOccurrences(of: "Would write hawser.json", with: "Wrote hawser.json"), wrote.stdout)
        // With a config there, --dry-run still only prints.
        let again = try hawser(["init", "--dry-run"], in: project)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, dry.stdout)
    }

    /// An app that injects its scripts by hand: `WKUserScript`s from bundle resources (one at
    /// document start in the main frame only, one in another world, one that posts nothing and
    /// that native code calls into), and a type of its own named `Bridge`.
    func injectingApp() throws -> TemporaryProject {
        try TemporaryProject([
            "App/Sources/Bridge.swift": "public final class Bridge {\n    public init() {}\n}\n",
            "App/Sources/WebSetup.swift": """
                #if canImport(WebKit)
                import WebKit

                final class WebSetup: NSObject, WKScriptMessageHandler {
                    func install(_ controller: WKUserContentController, webView: WKWebView) {
                        controller.add(self, name: "ready")
                        let url = Bundle.main.url(forResource: "early", withExtension: "js")!
                        let source = try! String(contentsOf: url, encoding: .utf8)
                        controller.addUserScript(WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true))
                        controller.addUserScript(isolated)
                        webView.evaluateJavaScript("refresh()")
                    }

                    var isolated: WKUserScript {
                        let path = Bundle.main.path(forResource: "reader", ofType: "js")!
                        let source = try! String(contentsOfFile: path)
                        return WKUserScript(source: source, injectionTime: .atDocumentEnd, forMainFrameOnly: false, in: .defaultClient)
                    }

                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
                }
                #endif

                """,
            "App/Resources/early.js": "window.webkit.messageHandlers.ready.postMessage({});\n",
            "App/Resources/reader.js": "function refresh() { document.body.dataset.refreshed = '1'; }\n",
        ])
    }

    func testInitProposesWhatTheAppInjectsTodayAndTheProposalBuilds() throws {
        let project = try injectingApp()
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try project.read("hawser.json"), """
            {
              "scripts": [
                "App/Resources"
              ],
              "swift": [
                "App"
              ],
              "output": "App/Sources/Hawser",
              "name": "HawserBridge",
              "scriptMetadata": {
                "App/Resources/early.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                },
                "App/Resources/reader.js": {
                  "world": "defaultClient"
                }
              }
            }

            """)
        let out = result.stdout
        XCTAssertTrue(out.contains("  scripts  App/Resources: 1 script using handlers (1 use by name), 1 other script the app injects\n"), out)
        XCTAssertTrue(out.contains("  inject   App/Resources/early.js: the app injects it at document start, main frame only, page world (WKUserScript at App/Sources/WebSetup.swift:9)\n"), out)
        XCTAssertTrue(out.contains("  inject   App/Resources/reader.js: the app injects it at document end, every frame, defaultClient world (WKUserScript at App/Sources/WebSetup.swift:17)\n"), out)
        XCTAssertTrue(out.contains("  name     HawserBridge: the app already declares a type named Bridge"), out)
        XCTAssertTrue(out.contains("  calls    App/Resources/reader.js: native code calls refresh() (at App/Sources/WebSetup.swift:"), out)
        XCTAssertTrue(out.contains("\nhawser lint reports:\n  nothing\n"), out)
        XCTAssertTrue(out.contains("  4. Replace the WKUserScript code at App/Sources/WebSetup.swift:17, App/Sources/WebSetup.swift:9 with HawserBridge.installScripts(into: userContentController);"), out)

        // The proposal builds as written, and the manifest injects each script as the app did.
        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stderr)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try project.read("App/Sources/Hawser/manifest.json").utf8)) as? [String: Any])
        let scripts = try XCTUnwrap(manifest["scripts"] as? [[String: Any]])
        let early = try XCTUnwrap(scripts.first { $0["name"] as? String == "early" })
        XCTAssertEqual(early["runAt"] as? String, "documentStart")
        XCTAssertEqual(early["mainFrameOnly"] as? Bool, true)
        XCTAssertEqual(early["world"] as? String, "page")
        let reader = try XCTUnwrap(scripts.first { $0["name"] as? String == "reader" })
        XCTAssertEqual(reader["runAt"] as? String, "documentEnd")
        XCTAssertEqual(reader["mainFrameOnly"] as? Bool, false)
        XCTAssertEqual(reader["world"] as? String, "defaultClient")
        // The function native code calls stays reachable: reader.js is injected as written.
        XCTAssertTrue(try project.read("App/Sources/Hawser/reader.js").contains("function refresh()"))

        // The generated Swift compiles beside the app's own Bridge type.
        guard let swiftc = Golden.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }
        let compiled = try Subprocess.run(
            swiftc, ["-swift-version", "6", "-parse-as-library", "-emit-library", "-module-name", "App", "-o", "libApp.so",
                     "App/Sources/Bridge.swift", "App/Sources/WebSetup.swift", "App/Sources/Hawser/HawserBridge.swift"],
            in: project.url)
        XCTAssertEqual(compiled.status, 0, compiled.stdout + compiled.stderr)

        // Without scriptMetadata, lint warns that the build would inject them differently.
        try project.write("hawser.json", #"{"scripts": ["App/Resources"], "swift": ["App"], "output": "App/Sources/Hawser", "name": "HawserBridge"}"#)
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(lint.stdout.contains("App/Resources/early.js:1:1: warning: Hawser injects early.js at document end, in every frame, but the app injects it at document start, in the main frame only today (WKUserScript at App/Sources/WebSetup.swift:9:34); write // @run-at document-start and // @noframes in its metadata block, or set it under scriptMetadata in hawser.json [metadata-mismatch]\n"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("App/Resources/reader.js:1:1: warning: Hawser injects reader.js in the page world, but the app injects it in the defaultClient world today"), lint.stdout)
    }

    /// A template the app fills in before injecting it cannot be built as written: init lists it
    /// under pages (linted, never built), as a file of its own inside the scripts folder, so
    /// the proposal lints clean and builds; the same template under scripts fails lint and build
    /// alike, with where templates belong.
    func testInitProposesTemplatesAsPagesAndTheProposalBuilds() throws {
        let project = try TemporaryProject([
            "App/Injector.swift": """
                import WebKit
                final class Injector: NSObject, WKScriptMessageHandler {
                    func install(_ c: WKUserContentController, template: String) {
                        c.add(self, name: "favicons")
                        c.add(self, name: "reader")
                        let s = template.replacingOccurrences(of: "%favicon_handler%", with: "favicons")
                        c.addUserScript(WKUserScript(source: s, injectionTime: .atDocumentEnd, forMainFrameOnly: true))
                    }
                    func userContentController(_ c: WKUserContentController, didReceive m: WKScriptMessage) {}
                }
                """,
            "Scripts/favicons.js": "window.webkit.messageHandlers.%favicon_handler%.postMessage([]);\n",
            "Scripts/reader.js": "window.webkit.messageHandlers.reader.postMessage({ width: '100%' });\n",
        ])
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(try project.read("hawser.json"), """
            {
              "scripts": [
                "Scripts"
              ],
              "pages": [
                "Scripts/favicons.js"
              ],
              "swift": [
                "App"
              ],
              "placeholders": [
                "%NAME%"
              ],
              "output": "App/Hawser"
            }

            """)
        XCTAssertTrue(result.stdout.contains("  pages    Scripts/favicons.js: a template the app fills in and injects itself: linted, never built\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nhawser lint reports:\n  nothing\n"), result.stdout)
        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stderr)
        let emitted = try FileManager.default.contentsOfDirectory(atPath: project.url.appendingPathComponent("App/Hawser").path)
        XCTAssertEqual(emitted.filter { $0.hasSuffix(".js") }.sorted(), ["hawser-runtime.js", "reader.js"])

        // Under scripts, the template fails lint as it fails build, and says where it belongs.
        try project.write("hawser.json", #"{"scripts": ["Scripts"], "swift": ["App"], "placeholders": ["%NAME%"], "output": "App/Hawser"}"#)
        let advice = "Scripts/favicons.js:1:31: error: WebKit's parser (JavaScriptCore) refuses the script: Unexpected token '%'. Expected a property name after '.'. "
            + "(a template: hawser build injects user scripts as written, without filling in '%favicon_handler%' at 1:31; put the template in a 'pages' folder (linted, never built) or 'exclude' it) [syntax-error]\n"
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stdout, advice)
        let refused = try hawser(["build"], in: project)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, advice)
    }

    func testScriptMetadataForAFileThatIsNoScriptIsAnError() throws {
        let project = try injectingApp()
        try project.write("hawser.json", #"{"scripts": ["App/Resources"], "swift": ["App"], "scriptMetadata": {"App/Resources/gone.js": {"runAt": "document-start"}}}"#)
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 2)
        XCTAssertEqual(lint.stderr, "hawser: error: 'scriptMetadata.App/Resources/gone.js': no script of the scripts folders is at this path (paths are relative to the config's folder)\n")
        try project.write("hawser.json", #"{"scripts": ["App/Resources"], "scriptMetadata": {"App/Resources/early.js": {"runAt": "later"}}}"#)
        let bad = try hawser(["lint"], in: project)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'scriptMetadata.App/Resources/early.js.runAt': expected \"document-start\", \"document-end\" or \"document-idle\""), bad.stderr)
    }

    /// An empty scripts folder: a warning, and no bridge built from nothing.
    func testAnEmptyScriptsFolderIsAWarningAndBuildsNothing() throws {
        let project = try TemporaryProject(["userscripts/README.md": "scripts go here\n", "App.swift": Self.swift])
        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(build.stderr, "hawser: warning: the scripts folder 'userscripts' holds no .js, .ts or .css file, so there is nothing to inject; put the app's user scripts there, or name their folders with --scripts (or 'scripts' in hawser.json); 'hawser init' proposes them\nhawser: nothing written to output\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("output").path))
        XCTAssertEqual(try hawser(["build", "--strict"], in: project).status, 1)
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(lint.stderr.hasPrefix("hawser: warning: the scripts folder 'userscripts' holds no .js, .ts or .css file"), lint.stderr)
        XCTAssertEqual(try hawser(["lint", "--strict"], in: project).status, 1)
        // One script, and the summary counts it alone, not Hawser's runtime.
        try project.write("userscripts/a.js", Self.use)
        let built = try hawser(["build"], in: project)
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertTrue(built.stderr.hasPrefix("hawser: built 1 script into output: "), built.stderr)
    }

    /// `--registration generated`: the first set-up of the build-tool plugin, scripts and no
    /// registration yet, lints and builds, with `install(into:handlers:)`; the run record of the
    /// manual run is not served for it.
    func testRegistrationFlagReplacesTheConfigs() throws {
        let project = try TemporaryProject(["userscripts/read.js": "window.webkit.messageHandlers.readFile.postMessage({path: \"a\"});\n", "App.swift": "enum App {}\n"])
        let manual = try hawser(["lint"], in: project)
        XCTAssertEqual(manual.status, 1, manual.stdout)
        XCTAssertTrue(manual.stdout.contains("no message handler named 'readFile' is registered in Swift [unregistered-handler]"), manual.stdout)
        let generated = try hawser(["lint", "--registration", "generated"], in: project)
        XCTAssertEqual(generated.status, 0, generated.stdout)
        let build = try hawser(["build", "--registration", "generated"], in: project)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(try project.read("output/Bridge.swift").contains("public static func install(into controller: WKUserContentController, handlers: some Handlers)"))
        XCTAssertEqual(try hawser(["lint"], in: project).status, 1)
        let typo = try hawser(["lint", "--registration", "auto"], in: project)
        XCTAssertEqual(typo.status, 2, typo.stderr)
    }

    func testInitHelp() throws {
        let project = try TemporaryProject()
        let help = try hawser(["help", "init"], in: project)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Write a hawser.json for the app in the current folder, then lint with it.\n\nUSAGE: hawser init [--force] [--dry-run]\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("  --force "), help.stdout)
        XCTAssertTrue(try hawser(["--help"], in: project).stdout.contains("\n  init "))
        let typo = try hawser(["init", "--forse"], in: project)
        XCTAssertEqual(typo.stderr, "hawser: error: unknown option '--forse'; did you mean '--force'?\nhawser: see 'hawser help init'\n")
    }

    // MARK: - The config is found upward

    func testConfigIsFoundInAParentFolder() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "swift": ["ios"]}"#,
            "web/a.js": "window.webkit.messageHandlers.observr.postMessage(1);\n",
            "ios/App.swift": Self.swift,
            "ios/Deep/Er/.keep": "",
        ])
        let result = try hawser(["lint"], in: project, at: "ios/Deep/Er")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            ../../../web/a.js:1:31: error: no message handler named 'observr' is registered in Swift; did you mean 'observer'? (or rename the registration at ../../../ios/App.swift:2:20, which no script names) [unregistered-handler]

            """)
        XCTAssertEqual(result.stderr, "hawser: 1 error, 0 warnings in 2 files, 2 handlers (config: ../../../hawser.json)\n")

        // --config still wins.
        try project.write("other.json", #"{"scripts": ["web"], "swift": ["web"]}"#)
        let given = try hawser(["lint", "--config", "../../../other.json"], in: project, at: "ios/Deep/Er")
        XCTAssertTrue(given.stderr.hasSuffix("(config: ../../../other.json)\n"), given.stderr)
        // The nearest one wins.
        try project.write("ios/hawser.json", #"{"scripts": ["../web"], "swift": ["."]}"#)
        let nearest = try hawser(["lint"], in: project, at: "ios/Deep/Er")
        XCTAssertTrue(nearest.stderr.hasSuffix("(config: ../../hawser.json)\n"), nearest.stderr)
    }

    func testWithoutAnyConfigTheSummarySaysSo() throws {
        let project = try TemporaryProject(["userscripts/a.js": Self.use, "App.swift": Self.swift])
        let result = try hawser(["lint"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "hawser: 0 errors, 0 warnings in 2 files, 1 handler (no config file)\n")
    }

    /// Without a config file, lint applies what `hawser init` would propose, in memory, and says
    /// so: templates parse and name templated uses, vendored and minified files are left out,
    /// a script a page loads is a page script; what only the build's checks find is a warning.
    /// A config file, even an empty one, turns it off.
    func testAFirstRunWithoutAConfigIsAsGoodAsInitsConfig() throws {
        let minified = "var a=1;" + String(repeating: "function f(){return window.webkit.messageHandlers.nope.postMessage(1);};", count: 20) + "\n"
        let project = try TemporaryProject([
            "App/Injector.swift": """
                import WebKit
                final class Injector: NSObject, WKScriptMessageHandler {
                    func install(_ c: WKUserContentController, source: String) {
                        c.add(self, name: "favicons")
                        c.add(self, name: "pageReady")
                        let s = source.replacingOccurrences(of: "%message_handler%", with: "favicons")
                        c.addUserScript(WKUserScript(source: s, injectionTime: .atDocumentEnd, forMainFrameOnly: true))
                    }
                    func userContentController(_ c: WKUserContentController, didReceive m: WKScriptMessage) {}
                }
                """,
            // A template: without the form it is a syntax error and an unregistered '%…%' name.
            "App/Scripts/favicons.js": "window.webkit.messageHandlers.%message_handler%.postMessage(icons);\n",
            "App/Scripts/vendor/old-sdk.js": "window.webkit.messageHandlers.legacyBridge.postMessage(1);\n",
            "App/Scripts/bundle.min.js": "window.webkit.messageHandlers.bundled.postMessage(1);\n",
            "App/Scripts/app.js": minified,
            "App/Web/index.html": "<script src=\"page.js\"></script>\n",
            "App/Web/page.js": "window.webkit.messageHandlers.pageReady.postMessage(1);\n",
            // An app's own web files, not Hawser's user scripts: a style sheet of the same name,
            // and another tool's metadata block, are no errors until a config says they are built.
            "App/Scripts/theme.js": "document.body.classList.add('dark');\n",
            "App/Scripts/theme.css": "body.dark { color: white }\n",
            "App/Scripts/greasy.js": "// ==UserScript==\n// @name greasy\n// @grant none\n// ==/UserScript==\nvoid 0;\n",
        ])
        let result = try hawser(["lint", "--scripts", "App", "--swift", "App"], in: project)
        // What only the build's checks find is a warning: lint with no findings means the build
        // of the same folders does not fail.
        let asBuilt = " (an error for hawser build, which builds every script of these folders)"
        XCTAssertEqual(result.stdout, """
            App/Scripts/favicons.js:1:31: warning: WebKit's parser (JavaScriptCore) refuses the script: Unexpected token '%'. Expected a property name after '.'. \
            (a template: hawser build injects user scripts as written, without filling in '%message_handler%' at 1:31; put the template in a 'pages' folder (linted, never built) or 'exclude' it)\(asBuilt) [syntax-error]
            App/Scripts/greasy.js:3:4: warning: unknown metadata key '@grant'; known keys are @name, @description, @match, @exclude-match, @run-at, @noframes, @world, @require, @unwrap\(asBuilt) [invalid-metadata]
            App/Scripts/theme.js:1:1: warning: a script named 'Scripts/theme' already exists (App/Scripts/theme.css)\(asBuilt) [invalid-metadata]

            """)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(result.stderr, """
            hawser: 0 errors, 3 warnings in 7 files, 2 handlers (no config file; using what 'hawser init' proposes: \
            placeholders %NAME%; 3 vendored or minified files excluded; 1 script loaded by pages read as page scripts)

            """)

        // With a config file, what it says is all there is.
        try project.write("hawser.json", #"{"scripts": ["App"], "swift": ["App"]}"#)
        let configured = try hawser(["lint"], in: project)
        XCTAssertEqual(configured.status, 1)
        XCTAssertTrue(configured.stdout.contains(
            "App/Scripts/favicons.js:1:31: error: WebKit's parser (JavaScriptCore) refuses the script: Unexpected token '%'. Expected a property name after '.'. "
                + "('%message_handler%' looks like a placeholder: if the app fills it in, list \"%NAME%\" under 'placeholders' and put the template in a 'pages' folder (linted, never built) or 'exclude' it) [syntax-error]"),
            configured.stdout)
        XCTAssertTrue(configured.stdout.contains("'legacyBridge'"), configured.stdout)
        XCTAssertTrue(configured.stdout.contains("[invalid-metadata]"), configured.stdout)
    }

    /// A first run leaves vendored and minified files out of the lint, but a handler that only
    /// they post to is used: no `unused-handler` for it, and no finding in them either.
    func testFilesTheFirstRunLeavesOutStillCountForPairing() throws {
        let project = try TemporaryProject([
            "App/Player.swift": """
                import WebKit
                final class Player: NSObject, WKScriptMessageHandler {
                    func install(_ c: WKUserContentController) {
                        c.add(self, name: "player")
                        c.add(self, name: "analytics")
                        c.add(self, name: "neverPosted")
                    }
                    func userContentController(_ c: WKUserContentController, didReceive m: WKScriptMessage) {}
                }
                """,
            "App/Scripts/dist/player.js": "window.webkit.messageHandlers.player.postMessage({state: 1});\nwindow.webkit.messageHandlers.playr.postMessage(2);\n",
            "App/Scripts/analytics.min.js": "window.webkit.messageHandlers.analytics.postMessage(1);\n",
            "App/Scripts/app.js": "document.title = 'x';\n",
        ])
        let result = try hawser(["lint", "--scripts", "App", "--swift", "App"], in: project)
        XCTAssertEqual(result.stdout, """
            App/Player.swift:6:27: warning: handler 'neverPosted' is registered but no script uses it [unused-handler]

            """)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stderr.contains("2 vendored or minified files excluded"), result.stderr)
        // Edited, the left-out file is read again: the run's record depends on it.
        try project.write("App/Scripts/dist/player.js", "void 0;\n")
        let edited = try hawser(["lint", "--scripts", "App", "--swift", "App"], in: project)
        XCTAssertTrue(edited.stdout.contains("handler 'player' is registered but no script uses it"), edited.stdout)
    }

    /// Lint without a config runs the build's checks too (here the module graph's): what only
    /// they find is a warning that says the build refuses it, and the build of the same folders
    /// fails on it. Lint with no findings means the build does not fail.
    func testAFirstRunLintFindsWhatTheBuildRefuses() throws {
        let project = try TemporaryProject([
            "userscripts/a.js": "import { x } from \"./missing.js\";\nwindow.webkit.messageHandlers.ready.postMessage(x);\n",
            "A.swift": "import WebKit\nfunc f(c: WKUserContentController, h: WKScriptMessageHandler) { c.add(h, name: \"ready\") }\n",
        ])
        let lint = try hawser(["lint", "--swift", "."], in: project)
        XCTAssertEqual(lint.status, 0)
        XCTAssertTrue(lint.stdout.hasPrefix("userscripts/a.js:1:19: warning: cannot find './missing.js' from 'userscripts/a.js'"), lint.stdout)
        XCTAssertTrue(lint.stdout.hasSuffix(" (an error for hawser build, which builds every script of these folders) [unresolved-import]\n"), lint.stdout)
        let build = try hawser(["build", "--swift", "."], in: project)
        XCTAssertEqual(build.status, 1)
        XCTAssertTrue(build.stdout.hasPrefix("userscripts/a.js:1:19: error: cannot find './missing.js'"), build.stdout)

        try project.write("userscripts/missing.js", "export const x = 1;\n")
        let fixed = try hawser(["lint", "--swift", "."], in: project)
        XCTAssertEqual(fixed.stdout, "")
        XCTAssertEqual(try hawser(["build", "--swift", "."], in: project).status, 0)
    }

    /// A build started in a subfolder runs from the config's folder, so it writes the same bytes
    /// as a build at the top, and the check passes from either.
    func testBuildFromASubfolderWritesWhatABuildAtTheTopWrites() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "swift": ["ios"]}"#,
            "web/a.js": Self.use,
            "ios/App.swift": Self.swift,
        ])
        let result = try hawser(["build"], in: project, at: "ios")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "hawser: using ../hawser.json; paths are relative to its folder\nhawser: built 1 script into output: 6 added, 0 updated, 0 deleted, 0 unchanged\n")
        XCTAssertTrue(try project.read("output/a.js").hasSuffix("//# sourceURL=web/a.js\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("ios/output").path))
        XCTAssertEqual(try hawser(["build", "--check"], in: project).status, 0)
        // --output from the subfolder is relative to where the command was started.
        let elsewhere = try hawser(["build", "--output", "gen"], in: project, at: "ios")
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertTrue(elsewhere.stderr.contains(" into ios/gen: 6 added"), elsewhere.stderr)
        XCTAssertTrue(try project.read("ios/gen/a.js").hasSuffix("//# sourceURL=web/a.js\n"))
    }

    // MARK: - exclude

    func testExcludeSkipsFilesAndFoldersInEveryKind() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "pages": ["site"], "swift": ["ios"], "exclude": ["vendor", "*.min.js", "ios/Generated"]}"#,
            "web/a.js": Self.use,
            "web/vendor/lib.js": "window.webkit.messageHandlers.fromVendor.postMessage(1);\n",
            "web/app.min.js": "window.webkit.messageHandlers.fromMinified.postMessage(1);\n",
            "site/vendor/x.js": "window.webkit.messageHandlers.fromSiteVendor.postMessage(1);\n",
            "site/page.js": "window.webkit.messageHandlers.observer.postMessage(2);\n",
            "ios/App.swift": Self.swift,
            "ios/Generated/More.swift": "func f(c: C) { c.add(h, name: \"fromGenerated\") }\n",
            "ios/Vendor/Kit.swift": "func g(c: C) { c.add(h, name: \"fromKit\") }\n",
        ])
        let silent = try hawser(["lint"], in: project)
        // Only ios/Vendor (a different name, with a capital) is read, and its registration reported.
        XCTAssertEqual(silent.stdout, "ios/Vendor/Kit.swift:1:31: warning: handler 'fromKit' is registered but no script uses it [unused-handler]\n")
        XCTAssertEqual(silent.stderr, "hawser: 0 errors, 1 warning in 4 files, 2 handlers (config: hawser.json)\n")

        // --exclude adds to the config's patterns, relative to the current folder.
        let flagged = try hawser(["lint", "--exclude", "ios/Vendor"], in: project)
        XCTAssertEqual(flagged.stdout, "")
        XCTAssertEqual(flagged.status, 0)
        // From a subfolder, a flag's pattern is relative to that folder, the config's to its own.
        try project.write("ios/Sub/.keep", "")
        let nested = try hawser(["lint", "--exclude", "../Vendor/*.swift"], in: project, at: "ios/Sub")
        XCTAssertEqual(nested.stdout, "", nested.stderr)

        // Excluding a file that matters still reports what is left.
        let reporting = try hawser(["lint", "--exclude", "ios/App.swift"], in: project)
        XCTAssertEqual(reporting.status, 1)
        XCTAssertTrue(reporting.stdout.contains("web/a.js:1:31: error: no message handler named 'observer' is registered in Swift"), reporting.stdout)
    }

    // MARK: - pages

    func testPagesAreLintedButNeverBuilt() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["Web/userscripts"], "pages": ["Web"], "swift": ["ios"]}"#,
            "Web/userscripts/inject.js": Self.use,
            "Web/index.html": "<script src=\"app.js\"></script>\n<script>window.webkit.messageHandlers.observer.postMessage(3)</script>\n",
            "Web/app.js": "window.webkit.messageHandlers.observer.postMessage(2);\n",
            "Web/theme/stylesheet.css": "/* ==UserStyle==\n@run-at never\n==/UserStyle== */\n",
            "Web/other/stylesheet.css": "body {}\n",
            "ios/App.swift": Self.swift,
        ])
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 0, lint.stdout)
        XCTAssertEqual(lint.stdout, "")
        XCTAssertEqual(lint.stderr, "hawser: 0 errors, 0 warnings in 4 files, 1 handler (config: hawser.json)\n")

        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        XCTAssertEqual(build.stderr, "hawser: built 1 script into output: 6 added, 0 updated, 0 deleted, 0 unchanged\n")
        let manifest = try project.read("output/manifest.json")
        XCTAssertTrue(manifest.contains("\"source\": \"Web/userscripts/inject.js\""), manifest)
        XCTAssertFalse(manifest.contains("\"source\": \"Web/app.js\""), manifest)
        XCTAssertTrue(manifest.contains("\"file\": \"Web/app.js\""), "the page's use is in the contract: \(manifest)")

        // --pages replaces the config's pages; a page still posting to a deleted handler is reported.
        try project.write("Site/old.js", "window.webkit.messageHandlers.deletedLongAgo.postMessage(1);\n")
        let flagged = try hawser(["lint", "--pages", "Site"], in: project)
        XCTAssertEqual(flagged.status, 1)
        XCTAssertEqual(flagged.stdout, "Site/old.js:1:31: error: no message handler named 'deletedLongAgo' is registered in Swift [unregistered-handler]\n")
        let missing = try hawser(["lint", "--pages", "Nope"], in: project)
        XCTAssertEqual(missing.stderr, "hawser: error: pages folder 'Nope' does not exist\n")

        // Without pages, the same folder as scripts injects every file, style sheets included.
        let asScripts = try hawser(["lint", "--scripts", "Web"], in: project)
        XCTAssertEqual(asScripts.status, 1)
        XCTAssertTrue(asScripts.stdout.contains("Web/theme/stylesheet.css:2:1: error: invalid '@run-at' value 'never'"), asScripts.stdout)
    }

    // MARK: - Scripts named by their path

    func testScriptsWithOneFileNameInDifferentFoldersBuildSideBySide() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["userscripts"], "swift": ["App"]}"#,
            "userscripts/reader/index.js": Self.use,
            "userscripts/settings/index.js": Self.use,
            "userscripts/reader/stylesheet.css": "body {}\n",
            "userscripts/settings/stylesheet.css": "form {}\n",
            "App/App.swift": Self.swift,
        ])
        XCTAssertEqual(try hawser(["lint"], in: project).status, 0)
        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        XCTAssertTrue(try project.read("output/reader/index.js").contains("//# sourceURL=userscripts/reader/index.js\n"))
        XCTAssertTrue(try project.read("output/settings/stylesheet.js").contains("form {}"))
        let manifest = try project.read("output/manifest.json")
        XCTAssertTrue(manifest.contains("\"reader/index.js\",\n    \"reader/stylesheet.js\",\n    \"settings/index.js\",\n    \"settings/stylesheet.js\""), manifest)
        XCTAssertEqual(try hawser(["build", "--check"], in: project).status, 0)

        // A script removed: its file is deleted, and its folder with it once empty.
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("userscripts/settings"))
        let rebuilt = try hawser(["build"], in: project)
        XCTAssertTrue(rebuilt.stderr.contains(" 2 deleted,"), rebuilt.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("output/settings").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("output/reader/index.js").path))
    }

    // MARK: - Hawser's own output

    func testOwnOutputIsNeverReadAsInput() throws {
        let project = try TemporaryProject([
            // The output folder inside the scripts folder, and a generated Bridge.swift in the Swift folder.
            "hawser.json": #"{"scripts": ["web"], "swift": ["."], "output": "web/generated", "registration": "generated"}"#,
            "web/a.js": Self.use,
        ])
        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        try FileManager.default.copyItem(
            at: project.url.appendingPathComponent("web/generated/Bridge.swift"), to: project.url.appendingPathComponent("Bridge.swift"))
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 0, lint.stdout)
        XCTAssertEqual(lint.stdout, "")
        XCTAssertEqual(lint.stderr, "hawser: 0 errors, 0 warnings in 1 file, 1 handler (config: hawser.json)\n")
        XCTAssertEqual(try hawser(["build", "--check"], in: project).status, 0)

        // A file that only looks generated further down, or the stubs people edit, is read.
        try project.write("Handlers.swift", "// Generated by Hawser as a starting point for Bridge.Handlers; edit freely.\nfunc f(c: C) { c.add(h, name: \"stub\") }\n")
        let stubs = try hawser(["lint"], in: project)
        XCTAssertEqual(stubs.stdout, "Handlers.swift:2:31: warning: handler 'stub' is registered but no script uses it [unused-handler]\n")
    }
}
