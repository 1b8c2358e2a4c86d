import Foundation
import HawserCore
import XCTest

/// The cache through the built binary: `hawser lint` and `hawser build` print and write the same
/// uncached (`--no-cache`), cold and warm, for every lint and build fixture; damaged entries are
/// rewritten; a cache folder that cannot be written leaves the run uncached; `--no-cache` writes
/// nothing; the default folder is `.build/hawser-cache` beside the config.
final class CacheCLITests: XCTestCase {
    func hawser(_ arguments: [String], in folder: URL) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: folder)
    }

    /// A copy of a fixture folder without its goldens.
    func copy(_ folder: URL) throws -> TemporaryProject {
        let project = try TemporaryProject()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where !name.hasPrefix("expected") && name != "goldens" {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: project.url.appendingPathComponent(name))
        }
        return project
    }

    /// Every file below `folder`, by relative path.
    func contents(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) { files[path] = data }
        }
        return files
    }

    func same(_ a: Subprocess.Result, _ b: Subprocess.Result, _ what: String) {
        XCTAssertEqual(a.status, b.status, what)
        XCTAssertEqual(a.stdout, b.stdout, what)
        XCTAssertEqual(a.stderr, b.stderr, what)
    }

    /// The arguments that read a fixture: its config, or the whole folder without one.
    func projectArguments(_ project: TemporaryProject) -> [String] {
        FileManager.default.fileExists(atPath: project.url.appendingPathComponent("hawser.json").path) ? [] : ["--scripts", ".", "--swift", "."]
    }

    func testLintFixturesUncachedColdAndWarm() throws {
        for name in try Fixtures.selected(.lint) {
            let project = try copy(LintFixtureTests.root.appendingPathComponent(name))
            for format in ["text", "json"] {
                let arguments = ["lint", "--format", format] + projectArguments(project)
                let cache = ["--cache-dir", project.url.appendingPathComponent("cache-\(format)").path]
                let uncached = try hawser(arguments + ["--no-cache"], in: project.url)
                same(try hawser(arguments + cache, in: project.url), uncached, "lint/\(name) \(format), cold")
                same(try hawser(arguments + cache, in: project.url), uncached, "lint/\(name) \(format), warm")
            }
        }
    }

    func testBuildFixturesUncachedColdAndWarm() throws {
        for name in try Fixtures.selected(.build) {
            let project = try copy(BuildFixtureTests.root.appendingPathComponent(name))
            let arguments = ["build"] + projectArguments(project) + ["--cache-dir", project.url.appendingPathComponent(".cache").path]
            let uncached = try hawser(["build", "--no-cache", "--output", "uncached"] + projectArguments(project), in: project.url)
            let cold = try hawser(arguments + ["--output", "out"], in: project.url)
            XCTAssertEqual(cold.status, uncached.status, name)
            XCTAssertEqual(cold.stdout, uncached.stdout, name)
            XCTAssertEqual(cold.stderr.replacingOccurrences(of: "into out:", with: "into uncached:").replacingOccurrences(of: "written to out\n", with: "written to uncached\n"), uncached.stderr, name)
            XCTAssertEqual(contents(project.url.appendingPathComponent("out")), contents(project.url.appendingPathComponent("uncached")), name)
            let written = contents(project.url.appendingPathComponent("out"))
            // Warm: the same, and every file unchanged.
            let warm = try hawser(arguments + ["--output", "out"], in: project.url)
            XCTAssertEqual(warm.status, cold.status, name)
            XCTAssertEqual(warm.stdout, cold.stdout, name)
            XCTAssertEqual(contents(project.url.appendingPathComponent("out")), written, name)
            let uncachedAgain = try hawser(["build", "--no-cache", "--output", "out"] + projectArguments(project), in: project.url)
            XCTAssertEqual(warm.stderr, uncachedAgain.stderr, name)
            guard warm.status == 0 else { continue }
            // An output file changed or deleted: a warm build writes it again, as an uncached one would.
            let victim = try XCTUnwrap(written.keys.filter { $0 != Pipeline.manifestFile }.sorted().first, name)
            try Data("changed".utf8).write(to: project.url.appendingPathComponent("out/\(victim)"))
            let repaired = try hawser(arguments + ["--output", "out"], in: project.url)
            XCTAssertEqual(repaired.status, 0, name)
            XCTAssertTrue(repaired.stderr.contains("1 updated"), "\(name): \(repaired.stderr)")
            XCTAssertEqual(contents(project.url.appendingPathComponent("out")), written, name)
            let check = try hawser(arguments + ["--output", "out", "--check"], in: project.url)
            same(check, try hawser(["build", "--no-cache", "--output", "out", "--check"] + projectArguments(project), in: project.url), "\(name) --check")
        }
    }

    func demo() throws -> TemporaryProject {
        try TemporaryProject([
            "hawser.json": #"{"scripts": ["userscripts"], "swift": ["App"]}"#,
            "userscripts/a.js": "window.webkit.messageHandlers.save.postMessage({ok: true})\n",
            "userscripts/b.js": "// @name b\nhawser.call('load').then(console.log)\n",
            "App/App.swift": "import WebKit\nfunc f(_ c: WKUserContentController, _ h: WKScriptMessageHandlerWithReply) {\n    c.add(h as! WKScriptMessageHandler, name: \"save\")\n    c.addScriptMessageHandler(h, contentWorld: .page, name: \"load\")\n}\n",
        ])
    }

    func cacheFiles(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func testDefaultFolderBesideTheConfigAndNoCacheWritesNothing() throws {
        let project = try demo()
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("App/Sub"), withIntermediateDirectories: true)
        let uncached = try hawser(["lint", "--no-cache"], in: project.url.appendingPathComponent("App/Sub"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent(".build").path), "--no-cache wrote a cache")
        _ = try hawser(["build", "--no-cache"], in: project.url)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent(".build").path), "--no-cache wrote a cache")
        // From a subfolder: the cache is beside the config found above.
        same(try hawser(["lint"], in: project.url.appendingPathComponent("App/Sub")), uncached, "cold")
        let cache = project.url.appendingPathComponent(".build/hawser-cache")
        XCTAssertFalse(cacheFiles(cache).isEmpty)
        XCTAssertTrue(cacheFiles(cache).allSatisfy { $0.count == 64 }, "\(cacheFiles(cache))")
        same(try hawser(["lint"], in: project.url.appendingPathComponent("App/Sub")), uncached, "warm")
    }

    /// Another executable of the same version (a rebuilt or updated hawser; here a copy of this
    /// one at another path) does not reuse the entries: they were computed by a program that may
    /// have generated differently. It writes its own, and reuses those on its next run.
    func testAnotherExecutableOfTheSameVersionDoesNotReuseTheEntries() throws {
        guard let binary = HawserBinary.url else { throw XCTSkip("no hawser binary") }
        let project = try demo()
        let cache = project.url.appendingPathComponent("cache")
        let lint = ["lint", "--cache-dir", cache.path]
        let expected = try hawser(lint, in: project.url)
        let first = cacheFiles(cache)
        XCTAssertFalse(first.isEmpty)
        same(try hawser(lint, in: project.url), expected, "the same executable, warm")
        XCTAssertEqual(cacheFiles(cache), first, "the same executable wrote new entries")

        let copy = project.url.appendingPathComponent("bin/hawser")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: copy)
        same(try Subprocess.run(copy.path, lint, in: project.url), expected, "another executable, cold")
        let second = cacheFiles(cache)
        XCTAssertTrue(Set(first).isStrictSubset(of: Set(second)), "another executable reused the first one's entries")
        same(try Subprocess.run(copy.path, lint, in: project.url), expected, "another executable, warm")
        XCTAssertEqual(cacheFiles(cache), second)
    }

    func testDamagedEntriesAreRewritten() throws {
        let project = try demo()
        let cache = project.url.appendingPathComponent("cache")
        let lint = ["lint", "--cache-dir", cache.path]
        let build = ["build", "--cache-dir", cache.path]
        let expectedLint = try hawser(lint, in: project.url)
        let expectedBuild = try hawser(build, in: project.url)
        let output = contents(project.url.appendingPathComponent("output"))
        let names = cacheFiles(cache)
        XCTAssertGreaterThanOrEqual(names.count, 4)
        let good = names.map { FileManager.default.contents(atPath: cache.appendingPathComponent($0).path)! }
        for (index, name) in names.enumerated() {
            var bytes = good[index]
            switch index % 3 {
            case 0: bytes = bytes.prefix(bytes.count / 2)                  // truncated
            case 1: bytes[bytes.count - 2] ^= 1                             // corrupt
            default: bytes = good[(index + 1) % good.count]                 // another key's entry
            }
            try bytes.write(to: cache.appendingPathComponent(name))
        }
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("output"))
        same(try hawser(lint, in: project.url), expectedLint, "lint")
        let rebuilt = try hawser(build, in: project.url)
        XCTAssertEqual(rebuilt.status, expectedBuild.status)
        XCTAssertEqual(rebuilt.stdout, expectedBuild.stdout)
        XCTAssertEqual(contents(project.url.appendingPathComponent("output")), output)
        XCTAssertEqual(cacheFiles(cache), names)
        for (index, name) in names.enumerated() {
            XCTAssertEqual(FileManager.default.contents(atPath: cache.appendingPathComponent(name).path), good[index], "entry \(index) not rewritten")
        }
    }

    /// A build with nothing changed reads its run record and the output folder, and no facts:
    /// with every other entry damaged, it leaves them damaged and writes nothing. A lock file
    /// that a killed build left behind makes the next build a full one, which removes it.
    func testANoOpBuildReadsNoFactsAndAStaleLockIsRemoved() throws {
        let project = try demo()
        let cache = project.url.appendingPathComponent("cache")
        let build = ["build", "--cache-dir", cache.path]
        let first = try hawser(build, in: project.url)
        XCTAssertEqual(first.status, 0, first.stderr)
        let outputFolder = project.url.appendingPathComponent("output")
        let output = contents(outputFolder)
        let names = cacheFiles(cache)
        let good = names.map { FileManager.default.contents(atPath: cache.appendingPathComponent($0).path)! }
        var shortcuts = 0
        for kept in names.indices {
            for (index, name) in names.enumerated() where index != kept {
                try Data("damaged".utf8).write(to: cache.appendingPathComponent(name))
            }
            let again = try hawser(build, in: project.url)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(contents(outputFolder), output)
            let untouched = names.indices.filter { $0 != kept }.allSatisfy {
                FileManager.default.contents(atPath: cache.appendingPathComponent(names[$0]).path) == Data("damaged".utf8)
            }
            if untouched { shortcuts += 1 }
            for (index, name) in names.enumerated() { try good[index].write(to: cache.appendingPathComponent(name)) }
        }
        XCTAssertEqual(shortcuts, 1, "exactly one entry (the run record) is all a no-op build reads")

        let lock = outputFolder.appendingPathComponent(".hawser-lock")
        try Data("12345\n".utf8).write(to: lock)
        let afterKill = try hawser(build, in: project.url)
        XCTAssertEqual(afterKill.status, 0, afterKill.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: lock.path), "the stale lock file is still there")
        XCTAssertEqual(contents(outputFolder), output)
    }

    /// A cache folder that cannot be made (its path is a file; a read-only folder would do, but
    /// these tests may run as root): the run is the uncached one, with one note.
    func testUnwritableCacheFolder() throws {
        let project = try demo()
        try project.write("blocked", "a file, not a folder\n")
        let uncached = try hawser(["lint", "--no-cache"], in: project.url)
        let blocked = try hawser(["lint", "--cache-dir", "blocked/cache"], in: project.url)
        XCTAssertEqual(blocked.status, uncached.status)
        XCTAssertEqual(blocked.stdout, uncached.stdout)
        let note = "hawser: note: cannot write the cache in \(project.url.appendingPathComponent("blocked/cache").standardizedFileURL.path); continuing without it\n"
        XCTAssertEqual(blocked.stderr, note + uncached.stderr)
        let build = try hawser(["build", "--cache-dir", "blocked/cache"], in: project.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.hasPrefix(note), build.stderr)
    }

    func testCacheOptionsInHelp() throws {
        let project = try TemporaryProject()
        for command in ["lint", "build", "stubs"] {
            let help = try hawser(["help", command], in: project.url).stdout
            XCTAssertTrue(help.contains("[--cache-dir DIR] [--no-cache]"), command)
        }
        XCTAssertFalse(try hawser(["help", "init"], in: project.url).stdout.contains("--cache-dir"))
    }
}
