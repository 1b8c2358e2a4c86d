import Foundation
import XCTest

/// `hawser init` on apps of several targets, with the built binary: one config per target when
/// two targets register handlers in their own folders (an Xcode app's `Mac/` and `iOS/` sharing
/// `Shared/`; a Swift package's `Sources/A` and `Sources/B`), each built with
/// `hawser build --config`, each injecting only its target's scripts; one `hawser.json` otherwise.
final class TargetConfigsCLITests: XCTestCase {
    func hawser(_ arguments: [String], in project: TemporaryProject) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: project.url)
    }

    /// A Mac app and an iOS app sharing `Shared/`: each registers its handlers in its own folder,
    /// the shared loader injects the shared scripts and, by `#if os(iOS)`, the one of the app it
    /// is built into, at document start in the main frame only. The Mac app declares a `Bridge`.
    static let twoApps: [String: String] = [
        "Mac/AppDelegate.swift": """
            #if canImport(AppKit)
            import AppKit

            @main
            final class AppDelegate: NSObject, NSApplicationDelegate {}
            #endif

            """,
        "Mac/Bridge.swift": "struct Bridge {\n    var drawers = 2\n}\n",
        "Mac/Reader/ReaderWebController.swift": """
            #if canImport(WebKit)
            import WebKit

            final class ReaderWebController: NSObject, WKScriptMessageHandler {
                func attach(to configuration: WKWebViewConfiguration) {
                    configuration.userContentController.add(self, name: "pointerEntered")
                    configuration.userContentController.add(self, name: "pageScrolled")
                }

                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
            }
            #endif

            """,
        "Mac/Reader/reader_mac.js": """
            document.addEventListener("scroll", () => window.webkit.messageHandlers.pageScrolled.postMessage(window.scrollY));
            document.addEventListener("mouseover", () => window.webkit.messageHandlers.pointerEntered.postMessage({}));

            """,
        "iOS/AppDelegate.swift": """
            #if canImport(UIKit)
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {}
            #endif

            """,
        "iOS/Story/StoryViewController.swift": """
            #if canImport(WebKit)
            import WebKit

            final class StoryViewController: NSObject, WKScriptMessageHandler {
                func attach(_ controller: WKUserContentController) {
                    controller.add(self, name: "photoTapped")
                    controller.add(self, name: "linkPressed")
                }

                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
            }
            #endif

            """,
        "iOS/Resources/story_ios.js": """
            document.addEventListener("click", (event) => {
                if (event.target.tagName === "IMG") window.webkit.messageHandlers.photoTapped.postMessage({ src: event.target.src });
                else window.webkit.messageHandlers.linkPressed.postMessage({});
            });

            """,
        "Shared/Rendering/ScriptLoader.swift": """
            #if canImport(WebKit)
            import WebKit

            enum ScriptLoader {
                static let scripts: [WKUserScript] = {
            #if os(iOS)
                    let names = ["layout", "story_ios", "notes"]
            #else
                    let names = ["layout", "reader_mac", "notes"]
            #endif
                    return names.map { name in
                        let url = Bundle.main.url(forResource: name, withExtension: "js")!
                        let source = try! String(contentsOf: url, encoding: .utf8)
                        return WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true)
                    }
                }()
            }
            #endif

            """,
        "Shared/Rendering/layout.js": "function relayout() { document.body.dataset.width = String(window.innerWidth); }\n",
        "Shared/Rendering/notes.js": "function showNote(id) { document.getElementById(id).hidden = false; }\n",
        "Shared/Model/Story.swift": "struct Story {\n    var title: String\n}\n",
        // The template's style sheet, which no WKUserScript injects.
        "Shared/Rendering/story.css": "article { margin: 0 auto; }\n",
    ]

    func testTwoAppTargetsSharingAFolderGetOneConfigEach() throws {
        let project = try TemporaryProject(Self.twoApps)
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "hawser: wrote hawser.Mac.json and hawser.iOS.json, one config per target; edit them, then run 'hawser lint --config <config>' for each\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("hawser.json").path))
        XCTAssertEqual(try project.read("hawser.Mac.json"), """
            {
              "scripts": [
                "Mac/Reader",
                "Shared/Rendering"
              ],
              "swift": [
                "Mac",
                "Shared"
              ],
              "exclude": [
                "Shared/Rendering/story.css"
              ],
              "output": "Mac/Reader/Hawser",
              "name": "HawserBridge",
              "scriptMetadata": {
                "Mac/Reader/reader_mac.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                },
                "Shared/Rendering/layout.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                },
                "Shared/Rendering/notes.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                }
              }
            }

            """)
        // The iOS app declares no Bridge, so its bridge keeps the default name.
        XCTAssertEqual(try project.read("hawser.iOS.json"), """
            {
              "scripts": [
                "Shared/Rendering",
                "iOS/Resources"
              ],
              "swift": [
                "Shared",
                "iOS"
              ],
              "exclude": [
                "Shared/Rendering/story.css"
              ],
              "output": "iOS/Story/Hawser",
              "scriptMetadata": {
                "Shared/Rendering/layout.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                },
                "Shared/Rendering/notes.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                },
                "iOS/Resources/story_ios.js": {
                  "runAt": "document-start",
                  "mainFrameOnly": true
                }
              }
            }

            """)

        // The summary says which config is for which target, and the command for each.
        let out = result.stdout
        XCTAssertTrue(out.hasPrefix("""
            Found 2 app targets: Mac (Mac/AppDelegate.swift), iOS (iOS/AppDelegate.swift); 2 targets register handlers or inject scripts in their own folders, so one config each:
              hawser.Mac.json for Mac: swift Mac, Shared; scripts Mac/Reader, Shared/Rendering
              hawser.iOS.json for iOS: swift Shared, iOS; scripts Shared/Rendering, iOS/Resources
              (read as shared by the targets: Shared; a file in one target's folder is in no other target's config)

            == Mac: hawser.Mac.json

            """), out)
        XCTAssertTrue(out.contains("\n== iOS: hawser.iOS.json\n"), out)
        XCTAssertTrue(out.contains("  exclude  Shared/Rendering/story.css: a style sheet no WKUserScript injects; in a scripts folder hawser build would inject it into every page\n"), out)
        XCTAssertTrue(out.contains("  inject   Mac/Reader/reader_mac.js: the app injects it at document start, main frame only, page world (WKUserScript at Shared/Rendering/ScriptLoader.swift:14)\n"), out)
        XCTAssertTrue(out.contains("\nhawser lint --config hawser.Mac.json reports:\n  nothing\nhawser lint: 0 errors, 0 warnings in 8 files, 2 handlers (config: hawser.Mac.json)\n"), out)
        XCTAssertTrue(out.contains("\nhawser lint --config hawser.iOS.json reports:\n  nothing\n"), out)
        XCTAssertTrue(out.contains("""

            Next steps for Mac (hawser.Mac.json):
              1. Read hawser.Mac.json (the Mac target's config) and fix what hawser lint reports with it (above).
              2. Run 'hawser build --config hawser.Mac.json': it writes Mac/Reader/Hawser/HawserBridge.swift, the compiled scripts and manifest.json.
              3. Add Mac/Reader/Hawser to the Mac target only (in Xcode, add the folder with that target's membership), with the scripts as bundle resources.
              4. Replace the WKUserScript code at Shared/Rendering/ScriptLoader.swift:14 with HawserBridge.installScripts(into: userContentController); scriptMetadata keeps each script injected when and where it is now.
              5. Run 'hawser build --config hawser.Mac.json' in a run-script phase of the Mac target only (Documentation/build-integration.md#xcode).

            """), out)
        XCTAssertTrue(out.contains("  5. Run 'hawser build --config hawser.iOS.json' in a run-script phase of the iOS target only"), out)

        // Each config lints clean and builds, and its manifest injects its target's scripts only,
        // as the shared loader injects them today.
        let expected = [
            (config: "hawser.Mac.json", output: "Mac/Reader/Hawser", bridge: "HawserBridge", scripts: ["layout", "notes", "reader_mac"]),
            (config: "hawser.iOS.json", output: "iOS/Story/Hawser", bridge: "Bridge", scripts: ["layout", "notes", "story_ios"]),
        ]
        for target in expected {
            let lint = try hawser(["lint", "--config", target.config], in: project)
            XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
            XCTAssertEqual(lint.stdout, "", target.config)
            let build = try hawser(["build", "--config", target.config], in: project)
            XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
            let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try project.read(target.output + "/manifest.json").utf8)) as? [String: Any])
            let scripts = try XCTUnwrap(manifest["scripts"] as? [[String: Any]]).filter { $0["name"] as? String != "hawser-runtime" }
            XCTAssertEqual(scripts.compactMap { $0["name"] as? String }.sorted(), target.scripts, target.config)
            for script in scripts {
                XCTAssertEqual(script["runAt"] as? String, "documentStart", "\(target.config): \(script)")
                XCTAssertEqual(script["mainFrameOnly"] as? Bool, true, "\(target.config): \(script)")
                XCTAssertEqual(script["world"] as? String, "page", "\(target.config): \(script)")
            }
            XCTAssertTrue(try project.read(target.output + "/\(target.bridge).swift").contains("installScripts"), target.config)
        }
        // Each target's bridge dispatches its own handlers only.
        let macBridge = try project.read("Mac/Reader/Hawser/HawserBridge.swift")
        XCTAssertTrue(macBridge.contains("pageScrolled") && !macBridge.contains("photoTapped"))
        let iosBridge = try project.read("iOS/Story/Hawser/Bridge.swift")
        XCTAssertTrue(iosBridge.contains("photoTapped") && !iosBridge.contains("pageScrolled"))

        // The generated Swift compiles with its target's sources and the shared ones.
        guard let swiftc = Golden.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }
        for (module, files) in [
            ("Mac", ["Mac/AppDelegate.swift", "Mac/Bridge.swift", "Mac/Reader/ReaderWebController.swift", "Mac/Reader/Hawser/HawserBridge.swift"]),
            ("iOS", ["iOS/AppDelegate.swift", "iOS/Story/StoryViewController.swift", "iOS/Story/Hawser/Bridge.swift"]),
        ] {
            let compiled = try Subprocess.run(
                swiftc, ["-swift-version", "6", "-parse-as-library", "-emit-library", "-module-name", module, "-o", "lib\(module).so"]
                    + files + ["Shared/Rendering/ScriptLoader.swift", "Shared/Model/Story.swift"],
                in: project.url)
            XCTAssertEqual(compiled.status, 0, module + ": " + compiled.stdout + compiled.stderr)
        }
    }

    func testDryRunAndForceGoByEachTargetsConfig() throws {
        let project = try TemporaryProject(Self.twoApps)
        let dry = try hawser(["init", "--dry-run"], in: project)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertEqual(dry.stderr, "hawser: wrote nothing (--dry-run)\n")
        XCTAssertTrue(dry.stdout.contains("\nWould write hawser.Mac.json:\n") && dry.stdout.contains("\nWould write hawser.iOS.json:\n"), dry.stdout)
        for name in ["hawser.json", "hawser.Mac.json", "hawser.iOS.json"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent(name).path), name)
        }
        // One of the configs there: nothing is written without --force.
        try project.write("hawser.iOS.json", "{\"scripts\": [\"mine\"]}\n")
        let refused = try hawser(["init"], in: project)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "hawser: error: hawser.iOS.json already exists; nothing was changed. Pass --force to replace it, --dry-run to see what init would propose, or edit it by hand\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("hawser.Mac.json").path))
        XCTAssertEqual(try project.read("hawser.iOS.json"), "{\"scripts\": [\"mine\"]}\n")
        // --dry-run still shows the same proposal, the one a run that writes makes.
        let again = try hawser(["init", "--dry-run"], in: project)
        XCTAssertEqual(again.stdout, dry.stdout)
        let forced = try hawser(["init", "--force"], in: project)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(dry.stdout.replacingOccurrences(of: "Would write", with: "Wrote"), forced.stdout)
        XCTAssertTrue(try project.read("hawser.iOS.json").contains("\"iOS/Resources\""))
    }

    /// Two app targets, only one of which registers or injects in its own folder: one config,
    /// as before, and the summary says why.
    func testOneTargetWithHandlersKeepsOneConfig() throws {
        var files = Self.twoApps
        files["iOS/Story/StoryViewController.swift"] = "final class StoryViewController {}\n"
        files["iOS/Resources/story_ios.js"] = nil
        files["Shared/Rendering/ScriptLoader.swift"] = nil
        let project = try TemporaryProject(files)
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "hawser: wrote hawser.json; edit it, then run 'hawser lint'\n")
        XCTAssertTrue(result.stdout.hasPrefix("Found 2 app targets: Mac (Mac/AppDelegate.swift), iOS (iOS/AppDelegate.swift); only Mac registers handlers or injects scripts in its own folder, so one config for the app.\n\nLooked at "), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nNext steps:\n  1. Read hawser.json"), result.stdout)
        for name in ["hawser.Mac.json", "hawser.iOS.json"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent(name).path), name)
        }
        XCTAssertTrue(try project.read("hawser.json").contains("\"Mac/Reader\""))
    }

    /// A Swift package of two targets that each register handlers: `Sources/<Target>/hawser.json`,
    /// where the build-tool plugin looks, with paths relative to the target's folder.
    func testASwiftPackageOfTwoTargetsGetsAConfigInEachTarget() throws {
        let registering = { (name: String) in
            """
            #if canImport(WebKit)
            import WebKit

            final class Setup: NSObject, WKScriptMessageHandler {
                func attach(_ controller: WKUserContentController) {
                    controller.add(self, name: "\(name)")
                }

                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
            }
            #endif

            """
        }
        let project = try TemporaryProject([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Two\", targets: [.target(name: \"A\"), .target(name: \"B\")])\n",
            "Sources/A/Setup.swift": registering("alphaSaved"),
            "Sources/A/Scripts/alpha.js": "window.webkit.messageHandlers.alphaSaved.postMessage({});\n",
            "Sources/A/Scripts/vendor/lib.js": "window.webkit.messageHandlers.vendored.postMessage({});\n",
            "Sources/A/Scripts/panel.css": "div { color: red }\n",
            "Sources/B/Setup.swift": registering("betaOpened"),
            "Sources/B/Scripts/beta.js": "window.webkit.messageHandlers.betaOpened.postMessage({});\n",
        ])
        let result = try hawser(["init"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "hawser: wrote Sources/A/hawser.json and Sources/B/hawser.json, one config per target; edit them, then run 'hawser lint --config <config>' for each\n")
        XCTAssertTrue(result.stdout.hasPrefix("Found 2 Swift package targets: A (Package.swift), B (Package.swift);"), result.stdout)
        // Paths relative to the target's folder, exclusions too.
        let exclude = """
              "exclude": [
                "Scripts/vendor",
                "Scripts/panel.css"
              ],

            """
        for (target, handler, other) in [("A", "alpha", "beta"), ("B", "beta", "alpha")] {
            XCTAssertEqual(try project.read("Sources/\(target)/hawser.json"), """
                {
                  "scripts": [
                    "Scripts"
                  ],
                  "swift": [
                    "."
                  ],
                \(target == "A" ? exclude : "")  "output": "Hawser"
                }

                """)
            XCTAssertTrue(result.stdout.contains("""

                Next steps for \(target) (Sources/\(target)/hawser.json):
                  1. Read Sources/\(target)/hawser.json (the \(target) target's config) and fix what hawser lint reports with it (above).
                  2. Run 'hawser build --config Sources/\(target)/hawser.json': it writes Sources/\(target)/Hawser/Bridge.swift, the compiled scripts and manifest.json.
                  3. Sources/\(target)/Hawser is in the \(target) target's folder, so SwiftPM compiles it into that target: commit it and rerun 'hawser build --config Sources/\(target)/hawser.json' when the scripts change, or apply HawserPlugin to \(target) instead (it reads Sources/\(target)/hawser.json) and delete Sources/\(target)/Hawser, which would be compiled twice.
                  4. Inject the scripts with Bridge.installScripts(into: userContentController).


                """), result.stdout)
            XCTAssertTrue(result.stdout.contains("hawser lint --config Sources/\(target)/hawser.json reports:\n  nothing\nhawser lint: 0 errors, 0 warnings in 2 files, 1 handler (config: Sources/\(target)/hawser.json)\n"), result.stdout)
            let build = try hawser(["build", "--config", "Sources/\(target)/hawser.json"], in: project)
            XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
            let manifest = try project.read("Sources/\(target)/Hawser/manifest.json")
            XCTAssertTrue(manifest.contains("\"source\": \"Sources/\(target)/Scripts/\(handler).js\""), manifest)
            XCTAssertFalse(manifest.contains(other) || manifest.contains("panel") || manifest.contains("vendored"), manifest)
            guard let swiftc = Golden.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }
            let compiled = try Subprocess.run(
                swiftc, ["-swift-version", "6", "-parse-as-library", "-emit-library", "-module-name", target, "-o", "lib\(target).so",
                         "Sources/\(target)/Setup.swift", "Sources/\(target)/Hawser/Bridge.swift"],
                in: project.url)
            XCTAssertEqual(compiled.status, 0, compiled.stdout + compiled.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("hawser.json").path))
    }

    /// A package whose handlers are used by a script outside its targets keeps one config.
    func testAPackageWithScriptsOutsideItsTargetsKeepsOneConfig() throws {
        let register = { (name: String) in "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"\(name)\")\n}\n" }
        let project = try TemporaryProject([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
            "Sources/A/A.swift": register("alpha"),
            "Sources/B/B.swift": register("beta"),
            "web/both.js": "window.webkit.messageHandlers.alpha.postMessage(1);\nwindow.webkit.messageHandlers.beta.postMessage(2);\n",
        ])
        let result = try hawser(["init", "--dry-run"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Found 2 Swift package targets: A (Package.swift), B (Package.swift); web/both.js is outside them and registers handlers or uses them, so one config for the package.\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nWould write hawser.json:\n"), result.stdout)
    }
}
