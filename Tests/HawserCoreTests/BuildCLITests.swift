import Foundation
import XCTest

/// Runs the built binary's `hawser build` and checks what it writes, rewrites, deletes and
/// leaves alone in the output folder.
final class BuildCLITests: XCTestCase {
    static let config = #"{"scripts":["userscripts"],"swift":["App"]}"#
    static let swift = "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n}\n"
    static let swiftWithUnused = "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n    c.add(h, name: \"unused\")\n}\n"
    static let scriptA = "window.webkit.messageHandlers.observer.postMessage(1);\n"
    static let scriptB = "// ==UserScript==\n// @name Reader mode\n// ==/UserScript==\nwindow.webkit.messageHandlers.observer.postMessage(2);\n"
    static let styleC = "body { color: red; }\n"

    /// The files a build of `project()` writes, in byte order.
    static let expectedFiles = ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "Reader-mode.js", "a.js", "c.js", "hawser-runtime.js", "manifest.json"]

    /// A date no build can produce: output files are set to it so that any rewrite shows.
    static let oldDate = Date(timeIntervalSince1970: 1_000_000_000)

    func project(_ extra: [String: String] = [:]) throws -> TemporaryProject {
        var files = [
            "hawser.json": Self.config,
            "userscripts/a.js": Self.scriptA,
            "userscripts/b.js": Self.scriptB,
            "userscripts/c.css": Self.styleC,
            "App/App.swift": Self.swift,
        ]
        files.merge(extra) { $1 }
        return try TemporaryProject(files)
    }

    func hawser(_ arguments: [String], in project: TemporaryProject) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: project.url)
    }

    /// Builds and fails the test unless the build succeeded.
    @discardableResult
    func build(_ project: TemporaryProject, _ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Subprocess.Result {
        let result = try hawser(["build"] + arguments, in: project)
        XCTAssertEqual(result.status, 0, "build failed: \(result.stdout)\(result.stderr)", file: file, line: line)
        return result
    }

    // MARK: - File helpers

    /// Every regular file below `folder` (relative paths, byte order), or [] when it does not exist.
    func listing(_ project: TemporaryProject, _ folder: String = "output") -> [String] {
        let root = project.url.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The bytes of every file below `folder`.
    func snapshot(_ project: TemporaryProject, _ folder: String = "output") throws -> [String: Data] {
        var result: [String: Data] = [:]
        for file in listing(project, folder) {
            result[file] = try Data(contentsOf: project.url.appendingPathComponent(folder).appendingPathComponent(file))
        }
        return result
    }

    struct Stamp: Equatable {
        var modified: Date
        var inode: UInt64
    }

    /// The modification date and inode of every file below `folder`.
    func stamps(_ project: TemporaryProject, _ folder: String = "output") throws -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for file in listing(project, folder) {
            let path = project.url.appendingPathComponent(folder).appendingPathComponent(file).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let modified = try XCTUnwrap(attributes[.modificationDate] as? Date, file)
            let inode = try XCTUnwrap((attributes[.systemFileNumber] as? NSNumber)?.uint64Value, file)
            result[file] = Stamp(modified: modified, inode: inode)
        }
        return result
    }

    /// Sets every file below `folder` to `oldDate`, so that a rewrite (which stamps the current
    /// time) is visible whatever the file system's timestamp resolution.
    func backdate(_ project: TemporaryProject, _ folder: String = "output") throws {
        for file in listing(project, folder) {
            let path = project.url.appendingPathComponent(folder).appendingPathComponent(file).path
            try FileManager.default.setAttributes([.modificationDate: Self.oldDate], ofItemAtPath: path)
        }
    }

    func manifest(_ project: TemporaryProject, _ folder: String = "output") throws -> [String: Any] {
        let data = try Data(contentsOf: project.url.appendingPathComponent(folder).appendingPathComponent("manifest.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func manifestFiles(_ project: TemporaryProject, _ folder: String = "output") throws -> [String] {
        try XCTUnwrap(try manifest(project, folder)["files"] as? [String])
    }

    func exists(_ project: TemporaryProject, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: project.url.appendingPathComponent(path).path)
    }

    func remove(_ project: TemporaryProject, _ path: String) throws {
        try FileManager.default.removeItem(at: project.url.appendingPathComponent(path))
    }

    // MARK: - 1. First build

    func testFirstBuildWritesScriptsRuntimeAndManifest() throws {
        let project = try project()
        XCTAssertFalse(exists(project, "output"))
        let result = try build(project)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "hawser: built 3 scripts into output: 8 added, 0 updated, 0 deleted, 0 unchanged\n")

        XCTAssertEqual(listing(project), Self.expectedFiles)
        XCTAssertEqual(try manifestFiles(project), listing(project))

        let a = try project.read("output/a.js")
        XCTAssertTrue(a.hasPrefix("// Generated by Hawser from userscripts/a.js. Do not edit.\n"), a)
        XCTAssertTrue(a.contains(Self.scriptA), a)
        XCTAssertTrue(a.hasSuffix("//# sourceURL=userscripts/a.js\n"), a)
        // The @name gives the file name.
        XCTAssertTrue(try project.read("output/Reader-mode.js").contains("postMessage(2)"))
        // A style sheet becomes a script that adds it.
        XCTAssertTrue(try project.read("output/c.js").contains("body { color: red; }"))
        XCTAssertTrue(try project.read("output/hawser-runtime.js").hasPrefix("// Generated by Hawser. Do not edit.\n"))

        let scripts = try XCTUnwrap(try manifest(project)["scripts"] as? [[String: Any]])
        XCTAssertEqual(scripts.map { $0["file"] as? String }, ["hawser-runtime.js", "Reader-mode.js", "a.js", "c.js"])
        XCTAssertEqual(scripts.map { $0["source"] as? String }, [nil, "userscripts/b.js", "userscripts/a.js", "userscripts/c.css"])
    }

    // MARK: - 2. Nothing changed

    func testSecondBuildWithoutChangesRewritesNothing() throws {
        let project = try project()
        try build(project)
        try backdate(project)
        let before = try stamps(project)
        let bytes = try snapshot(project)
        XCTAssertEqual(before.count, 8)

        let result = try build(project)
        XCTAssertEqual(result.stderr, "hawser: built 3 scripts into output: 0 added, 0 updated, 0 deleted, 8 unchanged\n")
        XCTAssertEqual(try stamps(project), before)
        XCTAssertEqual(try snapshot(project), bytes)
        for (file, stamp) in try stamps(project) {
            XCTAssertEqual(stamp.modified, Self.oldDate, file)
        }
    }

    // MARK: - 3. One script changed

    func testChangingOneScriptRewritesOnlyItsFile() throws {
        let project = try project()
        try build(project)
        try backdate(project)
        let before = try stamps(project)
        let bytes = try snapshot(project)

        // A trailing comment: the handler use keeps its position, so the manifest is unchanged;
        // Bridge.swift embeds every script's source, so it changes with it.
        try project.write("userscripts/a.js", Self.scriptA + "// tweaked\n")
        let result = try build(project)
        XCTAssertEqual(result.stderr, "hawser: built 3 scripts into output: 0 added, 2 updated, 0 deleted, 6 unchanged\n")

        let after = try stamps(project)
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        XCTAssertNotEqual(after["a.js"]?.modified, Self.oldDate)
        XCTAssertTrue(try project.read("output/a.js").contains("// tweaked\n"))
        XCTAssertTrue(try project.read("output/Bridge.swift").contains("// tweaked\n"))
        for file in Self.expectedFiles where file != "a.js" && file != "Bridge.swift" {
            XCTAssertEqual(after[file], before[file], file)
            XCTAssertEqual(try snapshot(project)[file], bytes[file], file)
        }
    }

    // MARK: - 4. A script removed

    func testRemovedScriptIsDeletedButUserFilesStay() throws {
        let project = try project()
        try build(project)
        XCTAssertTrue(try manifestFiles(project).contains("Reader-mode.js"))
        try project.write("output/README.txt", "mine\n")
        try project.write("output/notes/keep.js", "// mine too\n")
        try backdate(project)
        let before = try stamps(project)

        try remove(project, "userscripts/b.js")
        let result = try build(project)
        // b.js's handler use leaves the manifest, Bridge.swift and BRIDGE.md: they are updated.
        XCTAssertEqual(result.stderr, "hawser: built 2 scripts into output: 0 added, 3 updated, 1 deleted, 4 unchanged\n")

        XCTAssertFalse(exists(project, "output/Reader-mode.js"))
        XCTAssertEqual(try project.read("output/README.txt"), "mine\n")
        XCTAssertEqual(try project.read("output/notes/keep.js"), "// mine too\n")
        XCTAssertEqual(listing(project), ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "README.txt", "a.js", "c.js", "hawser-runtime.js", "manifest.json", "notes/keep.js"])
        XCTAssertEqual(try manifestFiles(project), ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "a.js", "c.js", "hawser-runtime.js", "manifest.json"])

        let after = try stamps(project)
        for file in ["README.txt", "notes/keep.js", "a.js", "c.js", "hawser-runtime.js"] {
            XCTAssertEqual(after[file], before[file], file)
        }
    }

    func testManifestNeverLeadsOutOfTheOutputFolder() throws {
        let project = try project(["victim.txt": "keep\n"])
        try build(project)
        // A tampered manifest that lists files outside the folder.
        var object = try manifest(project)
        let victim = project.url.appendingPathComponent("victim.txt").path
        object["files"] = (object["files"] as? [String] ?? []) + ["../victim.txt", victim, "../userscripts/a.js"]
        try JSONSerialization.data(withJSONObject: object).write(to: project.url.appendingPathComponent("output/manifest.json"))

        let result = try build(project)
        XCTAssertTrue(result.stderr.contains("0 deleted"), result.stderr)
        XCTAssertEqual(try project.read("victim.txt"), "keep\n")
        XCTAssertEqual(try project.read("userscripts/a.js"), Self.scriptA)
        XCTAssertEqual(try manifestFiles(project), Self.expectedFiles)
    }

    // MARK: - 5. A failing build

    func testFailingBuildWritesNothingAndKeepsTheLastGoodOutput() throws {
        let cases: [(name: String, file: String, contents: String, diagnostic: String)] = [
            ("unregistered handler", "userscripts/d.js", "window.webkit.messageHandlers.observr.postMessage(1);\n",
             "userscripts/d.js:1:31: error: no message handler named 'observr' is registered in Swift; did you mean 'observer'? [unregistered-handler]\n"),
            ("bad metadata", "userscripts/d.js", "// ==UserScript==\n// @run-at never\n// ==/UserScript==\nwindow.webkit.messageHandlers.observer.postMessage(3);\n",
             "userscripts/d.js:2:4: error: invalid '@run-at' value 'never'; expected document-start, document-end or document-idle [invalid-metadata]\n"),
        ]
        for testCase in cases {
            let project = try project()
            try build(project)
            try backdate(project)
            let bytes = try snapshot(project)
            let before = try stamps(project)

            // A valid change alongside the error must not be written either.
            try project.write("userscripts/a.js", Self.scriptA + "// changed\n")
            try remove(project, "userscripts/b.js")
            try project.write(testCase.file, testCase.contents)
            let result = try hawser(["build"], in: project)
            XCTAssertEqual(result.status, 1, testCase.name)
            XCTAssertEqual(result.stdout, testCase.diagnostic, testCase.name)
            XCTAssertEqual(result.stderr, "hawser: 1 error, 0 warnings; nothing written to output\n", testCase.name)

            XCTAssertEqual(try snapshot(project), bytes, testCase.name)
            XCTAssertEqual(try stamps(project), before, testCase.name)
        }
    }

    func testFailingFirstBuildCreatesNoOutputFolder() throws {
        let project = try project(["userscripts/d.js": "window.webkit.messageHandlers.nope.postMessage(1);\n"])
        let result = try hawser(["build"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("userscripts/d.js:1:31: error: "), result.stdout)
        XCTAssertTrue(result.stderr.hasSuffix("nothing written to output\n"), result.stderr)
        XCTAssertFalse(exists(project, "output"))
    }

    // MARK: - 6. --check

    func testCheckReportsStaleMissingAndExtraAndNeverWrites() throws {
        let project = try project()

        // Before any build: everything is missing, and nothing is created.
        let empty = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(empty.status, 1)
        for file in Self.expectedFiles {
            XCTAssertTrue(empty.stderr.contains("hawser: missing: output/\(file)\n"), empty.stderr)
        }
        XCTAssertFalse(exists(project, "output"))

        try build(project)
        try backdate(project)
        let bytes = try snapshot(project)
        let stamped = try stamps(project)

        let fresh = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(fresh.stdout, "")
        XCTAssertEqual(fresh.stderr, "hawser: output is up to date (8 files)\n")

        // Stale: a script changed.
        try project.write("userscripts/a.js", Self.scriptA + "// edited\n")
        let stale = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(stale.status, 1)
        XCTAssertEqual(stale.stderr, "hawser: stale: output/Bridge.swift\nhawser: stale: output/a.js\nhawser: output is out of date; run 'hawser build'\n")
        XCTAssertEqual(try snapshot(project), bytes)
        XCTAssertEqual(try stamps(project), stamped)
        try project.write("userscripts/a.js", Self.scriptA)

        // Missing: an output file deleted.
        try remove(project, "output/c.js")
        let missing = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "hawser: missing: output/c.js\nhawser: output is out of date; run 'hawser build'\n")
        XCTAssertFalse(exists(project, "output/c.js"))
        try build(project)

        // The user's own files in the folder are not Hawser's business.
        try project.write("output/README.txt", "mine\n")
        let withReadme = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(withReadme.status, 0, withReadme.stderr)

        // Extra: a file an earlier build generated that this one no longer produces.
        try remove(project, "userscripts/c.css")
        let extraBytes = try snapshot(project)
        let extra = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(extra.status, 1)
        XCTAssertEqual(extra.stderr, "hawser: stale: output/BRIDGE.md\nhawser: stale: output/Bridge.swift\nhawser: stale: output/manifest.json\nhawser: extra: output/c.js\nhawser: output is out of date; run 'hawser build'\n")
        XCTAssertEqual(try snapshot(project), extraBytes)
    }

    func testCheckWithErrorsExitsOneAndWritesNothing() throws {
        let project = try project()
        try build(project)
        let bytes = try snapshot(project)
        try project.write("userscripts/a.js", "window.webkit.messageHandlers.observr.postMessage(1);\n")
        let result = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("[unregistered-handler]"), result.stdout)
        XCTAssertEqual(try snapshot(project), bytes)
    }

    // MARK: - 7. Where the output goes; --strict

    func testOutputFromConfigIsRelativeToTheConfigFolder() throws {
        let project = try TemporaryProject([
            "sub/hawser.json": #"{"scripts":["userscripts"],"swift":["App"],"output":"gen"}"#,
            "sub/userscripts/a.js": Self.scriptA,
            "sub/App/App.swift": Self.swift,
        ])
        let result = try build(project, ["--config", "sub/hawser.json"])
        XCTAssertEqual(result.stderr, "hawser: built 1 script into sub/gen: 6 added, 0 updated, 0 deleted, 0 unchanged\n")
        XCTAssertEqual(listing(project, "sub/gen"), ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "a.js", "hawser-runtime.js", "manifest.json"])
        XCTAssertFalse(exists(project, "gen"))
        XCTAssertFalse(exists(project, "output"))
        XCTAssertFalse(exists(project, "sub/output"))
        XCTAssertEqual(try manifestFiles(project, "sub/gen"), ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "a.js", "hawser-runtime.js", "manifest.json"])

        // --output replaces the config's key and is relative to the current folder.
        let flag = try build(project, ["--config", "sub/hawser.json", "--output", "elsewhere"])
        XCTAssertTrue(flag.stderr.contains(" into elsewhere: 6 added,"), flag.stderr)
        XCTAssertEqual(listing(project, "elsewhere"), ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "a.js", "hawser-runtime.js", "manifest.json"])
        XCTAssertFalse(exists(project, "sub/elsewhere"))

        let inline = try build(project, ["--config", "sub/hawser.json", "--output=third/level"])
        XCTAssertTrue(inline.stderr.contains(" into third/level: 6 added,"), inline.stderr)
        XCTAssertEqual(listing(project, "third/level"), ["BRIDGE.md", "Bridge.d.ts", "Bridge.swift", "a.js", "hawser-runtime.js", "manifest.json"])
    }

    func testOutputFlagWithDefaultConfig() throws {
        let project = try project()
        try build(project, ["--output", "build/web"])
        XCTAssertEqual(listing(project, "build/web"), Self.expectedFiles)
        XCTAssertFalse(exists(project, "output"))
        let check = try hawser(["build", "--check", "--output", "build/web"], in: project)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "hawser: build/web is up to date (8 files)\n")
    }

    func testStrictTurnsWarningsIntoAFailureThatWritesNothing() throws {
        let project = try project(["App/App.swift": Self.swiftWithUnused])
        let strict = try hawser(["build", "--strict"], in: project)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stdout, "App/App.swift:3:20: warning: handler 'unused' is registered but no script uses it [unused-handler]\n")
        XCTAssertEqual(strict.stderr, "hawser: 0 errors, 1 warning; nothing written to output\n")
        XCTAssertFalse(exists(project, "output"))

        // Without --strict the warning is printed and the build writes.
        let lenient = try build(project)
        XCTAssertEqual(lenient.stdout, strict.stdout)
        XCTAssertEqual(listing(project), Self.expectedFiles)

        // With earlier output, --strict leaves it untouched even when the scripts changed.
        try backdate(project)
        let bytes = try snapshot(project)
        let stamped = try stamps(project)
        try project.write("userscripts/a.js", Self.scriptA + "// changed\n")
        XCTAssertEqual(try hawser(["build", "--strict"], in: project).status, 1)
        XCTAssertEqual(try snapshot(project), bytes)
        XCTAssertEqual(try stamps(project), stamped)
    }

    func testOutputInsideAScriptsFolderIsNotReadBackAsScripts() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts":["userscripts"],"swift":["App"],"output":"userscripts/build"}"#,
            "userscripts/a.js": Self.scriptA,
            "App/App.swift": Self.swift,
        ])
        let first = try build(project)
        XCTAssertEqual(first.stderr, "hawser: built 1 script into userscripts/build: 6 added, 0 updated, 0 deleted, 0 unchanged\n")
        let second = try build(project)
        XCTAssertEqual(second.stdout, "")
        XCTAssertEqual(second.stderr, "hawser: built 1 script into userscripts/build: 0 added, 0 updated, 0 deleted, 6 unchanged\n")
        let scripts = try XCTUnwrap(try manifest(project, "userscripts/build")["scripts"] as? [[String: Any]])
        XCTAssertEqual(scripts.compactMap { $0["source"] as? String }, ["userscripts/a.js"])
        let check = try hawser(["build", "--check"], in: project)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testOutputThatIsAScriptsFolderIsRefusedAndSourcesAreKept() throws {
        let project = try project()
        for output in ["userscripts", "./userscripts/", "App/../userscripts"] {
            let result = try hawser(["build", "--output", output], in: project)
            XCTAssertEqual(result.status, 2, output)
            XCTAssertTrue(result.stderr.hasPrefix("hawser: error: the output folder '\(output)' is the scripts folder"), result.stderr)
            XCTAssertEqual(listing(project, "userscripts"), ["a.js", "b.js", "c.css"], output)
            XCTAssertEqual(try project.read("userscripts/a.js"), Self.scriptA, output)
        }
    }

    // MARK: - 8. Determinism

    func testAbsoluteFoldersInsideTheProjectGiveTheSameOutputs() throws {
        let project = try project()
        try build(project, ["--output", "relative"])
        let root = project.url.standardizedFileURL.path
        try build(project, ["--scripts", root + "/userscripts", "--swift", root + "/App", "--output", "absolute"])
        let relative = listing(project, "relative")
        XCTAssertEqual(listing(project, "absolute"), relative)
        for file in relative {
            XCTAssertEqual(try project.read("absolute/" + file), try project.read("relative/" + file), file)
            XCTAssertFalse(try project.read("absolute/" + file).contains(root), file)
        }
    }

    func testSameInputsGiveIdenticalBytesWithoutAbsolutePaths() throws {
        let first = try project()
        let second = try project()
        try build(first, ["--output", "one"])
        try build(first, ["--output", "two"])
        try build(second)

        let one = try snapshot(first, "one")
        XCTAssertEqual(one.keys.sorted(), Self.expectedFiles)
        XCTAssertEqual(try snapshot(first, "two"), one)
        // Another project folder: no trace of where it lives.
        XCTAssertEqual(try snapshot(second), one)

        var strings: [String] = []
        func collect(_ value: Any) {
            if let string = value as? String { strings.append(string) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { object.keys.forEach { strings.append($0) }; object.values.forEach(collect) }
        }
        collect(try manifest(first, "one"))
        XCTAssertTrue(strings.contains("userscripts/a.js"))
        for string in strings {
            XCTAssertFalse(string.hasPrefix("/"), string)
            XCTAssertFalse(string.contains(first.url.path), string)
        }
        for (file, data) in one {
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(text.contains(first.url.path), file)
            XCTAssertFalse(text.contains(FileManager.default.temporaryDirectory.path), file)
        }
    }

    // MARK: - 9. Help and usage errors

    func testHelpAndUnknownOption() throws {
        let project = try TemporaryProject()
        let help = try hawser(["help", "build"], in: project)
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stderr, "")
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Compile the user scripts"), help.stdout)
        XCTAssertTrue(help.stdout.contains("USAGE: hawser build [--config FILE]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--check"), help.stdout)

        let flag = try hawser(["build", "--help"], in: project)
        XCTAssertEqual(flag.status, 0)
        XCTAssertEqual(flag.stdout, help.stdout)
        XCTAssertEqual(try hawser(["build", "-h"], in: project).stdout, help.stdout)

        let bogus = try hawser(["build", "--bogus"], in: project)
        XCTAssertEqual(bogus.status, 2)
        XCTAssertEqual(bogus.stdout, "")
        XCTAssertEqual(bogus.stderr, "hawser: error: unknown option '--bogus'\nhawser: see 'hawser help build'\n")

        let misspelt = try hawser(["build", "--chek"], in: project)
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertEqual(misspelt.stderr, "hawser: error: unknown option '--chek'; did you mean '--check'?\nhawser: see 'hawser help build'\n")
        XCTAssertFalse(exists(project, "output"))

        let checkValue = try hawser(["build", "--check=yes"], in: project)
        XCTAssertEqual(checkValue.status, 2)
        XCTAssertTrue(checkValue.stderr.hasPrefix("hawser: error: '--check' takes no value"), checkValue.stderr)

        let output = try hawser(["build", "--output"], in: project)
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.hasPrefix("hawser: error: missing value for '--output'"), output.stderr)
        XCTAssertFalse(exists(project, "output"))
    }
}
