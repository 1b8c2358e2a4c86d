import Foundation
import XCTest
@testable import HawserCore

/// `ModuleResolver`: node's resolution for a browser bundle, over files in memory.
final class ModuleResolverTests: XCTestCase {
    private func files(_ entries: [String: String]) -> InMemoryFiles {
        InMemoryFiles(entries.mapValues { Array($0.utf8) })
    }

    private func resolve(_ specifier: String, from importer: String = "userscripts/app.js", kind: ImportKind = .import, in files: InMemoryFiles) -> Result<ResolvedModule, ResolutionError> {
        ModuleResolver.resolve(specifier, from: importer, kind: kind, files: files)
    }

    private func assertResolves(_ specifier: String, from importer: String = "userscripts/app.js", kind: ImportKind = .import, in files: InMemoryFiles, to path: String, package: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(resolve(specifier, from: importer, kind: kind, in: files), .success(ResolvedModule(path: path, package: package)), specifier, file: file, line: line)
    }

    private func assertFails(_ specifier: String, from importer: String = "userscripts/app.js", kind: ImportKind = .import, in files: InMemoryFiles, with error: ResolutionError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(resolve(specifier, from: importer, kind: kind, in: files), .failure(error), specifier, file: file, line: line)
    }

    /// The error, for tests that check only its kind or part of its message.
    private func error(_ specifier: String, from importer: String = "userscripts/app.js", kind: ImportKind = .import, in files: InMemoryFiles, file: StaticString = #filePath, line: UInt = #line) -> ResolutionError? {
        switch resolve(specifier, from: importer, kind: kind, in: files) {
        case .success(let module):
            XCTFail("'\(specifier)' resolved to \(module.path)", file: file, line: line)
            return nil
        case .failure(let error):
            return error
        }
    }

    /// A package folder `node_modules/<name>` with a `package.json` and the given files.
    private func package(_ name: String, _ manifest: String, _ paths: [String], under folder: String = "node_modules") -> [String: String] {
        var entries = ["\(folder)/\(name)/package.json": manifest]
        for path in paths { entries["\(folder)/\(name)/\(path)"] = "" }
        return entries
    }

    // MARK: - Relative and absolute specifiers

    func testRelativeFilesAndExtensions() {
        let files = files([
            "userscripts/app.js": "", "userscripts/util.js": "", "userscripts/util.mjs": "",
            "userscripts/data.json": "{}", "userscripts/lib/x.mjs": "", "userscripts/lib/y.cjs": "",
            "userscripts/plain": "", "userscripts/plain.js": "", "shared/s.js": "", "/abs/a.js": "",
        ])
        assertResolves("./util", in: files, to: "userscripts/util.js")
        assertResolves("./util.mjs", in: files, to: "userscripts/util.mjs")
        assertResolves("./data", in: files, to: "userscripts/data.json")
        assertResolves("./data.json", in: files, to: "userscripts/data.json")
        assertResolves("./lib/x", in: files, to: "userscripts/lib/x.mjs")
        assertResolves("./lib/../lib/y", in: files, to: "userscripts/lib/y.cjs")
        assertResolves("./plain", in: files, to: "userscripts/plain")
        assertResolves("../shared/s", in: files, to: "shared/s.js")
        assertResolves("../shared/s.js", from: "userscripts/app.js", in: files, to: "shared/s.js")
        assertResolves("/abs/a", in: files, to: "/abs/a.js")
        assertResolves("./a", from: "/abs/b.js", in: files, to: "/abs/a.js")
        assertResolves("./userscripts/util", from: "./main.js", in: files, to: "userscripts/util.js")
    }

    func testFolders() {
        let files = files([
            "userscripts/dir/index.js": "", "userscripts/mjsdir/index.mjs": "", "userscripts/jsondir/index.json": "",
            "userscripts/both/index.js": "", "userscripts/both.js": "",
            "userscripts/index.js": "", "userscripts/only/sub/x.js": "",
        ])
        assertResolves("./dir", in: files, to: "userscripts/dir/index.js")
        assertResolves("./dir/", in: files, to: "userscripts/dir/index.js")
        assertResolves("./mjsdir", in: files, to: "userscripts/mjsdir/index.mjs")
        assertResolves("./jsondir", in: files, to: "userscripts/jsondir/index.json")
        assertResolves("./both", in: files, to: "userscripts/both.js")
        assertResolves("./both/", in: files, to: "userscripts/both/index.js")
        assertResolves(".", in: files, to: "userscripts/index.js")
        assertResolves("..", from: "userscripts/dir/a.js", in: files, to: "userscripts/index.js")
        // A folder is never a file: `only/sub` is a folder with no index.
        XCTAssertEqual(error("./only/sub", in: files)?.message,
                       "cannot find './only/sub' from 'userscripts/app.js' (tried sub, sub.js, sub.mjs, sub.cjs, sub.json, sub.ts, …)")
    }

    func testFolderPackageJSONFields() {
        let files = files([
            "lib/main/package.json": #"{"main": "src/main.js"}"#, "lib/main/src/main.js": "", "lib/main/index.js": "",
            "lib/noext/package.json": #"{"main": "./src/main"}"#, "lib/noext/src/main.cjs": "",
            "lib/folder/package.json": #"{"main": "src"}"#, "lib/folder/src/index.js": "",
            "lib/module/package.json": #"{"main": "m.cjs", "module": "m.mjs"}"#, "lib/module/m.cjs": "", "lib/module/m.mjs": "",
            "lib/browser/package.json": #"{"main": "m.cjs", "module": "m.mjs", "browser": "b.js"}"#,
            "lib/browser/m.cjs": "", "lib/browser/m.mjs": "", "lib/browser/b.js": "",
            "lib/browserobject/package.json": #"{"main": "m.cjs", "module": "m.mjs", "browser": {"./m.mjs": "./b.js"}}"#,
            "lib/browserobject/m.cjs": "", "lib/browserobject/m.mjs": "", "lib/browserobject/b.js": "",
            "lib/missing/package.json": #"{"browser": "gone.js", "main": "here.js"}"#, "lib/missing/here.js": "",
            "lib/nothing/package.json": #"{"main": "gone.js", "name": "x"}"#, "lib/nothing/index.js": "",
        ])
        assertResolves("./lib/main", from: "app.js", in: files, to: "lib/main/src/main.js")
        assertResolves("./lib/noext", from: "app.js", in: files, to: "lib/noext/src/main.cjs")
        assertResolves("./lib/folder", from: "app.js", in: files, to: "lib/folder/src/index.js")
        assertResolves("./lib/module", from: "app.js", in: files, to: "lib/module/m.mjs")
        assertResolves("./lib/browser", from: "app.js", in: files, to: "lib/browser/b.js")
        // The object form of `browser` is ignored for now.
        assertResolves("./lib/browserobject", from: "app.js", in: files, to: "lib/browserobject/m.mjs")
        // A field whose file is missing falls through to the next field, then to the index.
        assertResolves("./lib/missing", from: "app.js", in: files, to: "lib/missing/here.js")
        assertResolves("./lib/nothing", from: "app.js", in: files, to: "lib/nothing/index.js")
        // A file is taken before the folder's package.json.
        assertResolves("./lib/main/index", from: "app.js", in: files, to: "lib/main/index.js")
    }

    func testNotFoundSaysWhatWasTried() {
        let files = files(["userscripts/app.js": ""])
        assertFails("./util", in: files, with: .notFound("cannot find './util' from 'userscripts/app.js' (tried util, util.js, util.mjs, util.cjs, util.json, util.ts, …)"))
        XCTAssertEqual(error("../lib/x", in: files)?.message,
                       "cannot find '../lib/x' from 'userscripts/app.js' (tried x, x.js, x.mjs, x.cjs, x.json, x.ts, …)")
        XCTAssertEqual(error("./dir/", in: files)?.message,
                       "cannot find './dir/' from 'userscripts/app.js' (tried dir/index.js, dir/index.mjs, dir/index.cjs, dir/index.json, dir/index.ts, dir/index.tsx, …)")
        XCTAssertEqual(error("missing", in: files)?.message,
                       "cannot find package 'missing' from 'userscripts/app.js' (looked in userscripts/node_modules, node_modules)")
    }

    // MARK: - Packages without exports

    func testNodeModulesWalkUpNearestWins() {
        let files = files([
            "node_modules/a/index.js": "", "node_modules/b/index.js": "", "node_modules/c/index.js": "",
            "userscripts/node_modules/a/index.js": "",
            "userscripts/node_modules/c/README.md": "",
        ])
        assertResolves("a", in: files, to: "userscripts/node_modules/a/index.js", package: "a")
        assertResolves("a", from: "userscripts/deep/er/app.js", in: files, to: "userscripts/node_modules/a/index.js", package: "a")
        assertResolves("a", from: "other/app.js", in: files, to: "node_modules/a/index.js", package: "a")
        assertResolves("a", from: "app.js", in: files, to: "node_modules/a/index.js", package: "a")
        assertResolves("b", in: files, to: "node_modules/b/index.js", package: "b")
        // The nearest package folder is the one used, even when it has nothing to load.
        XCTAssertEqual(error("c", in: files)?.message,
                       "cannot find 'c' from 'userscripts/app.js' (tried c/index.js, c/index.mjs, c/index.cjs, c/index.json, c/index.ts, c/index.tsx, …)")
        // Inside a package, a `node_modules` folder itself is not searched again.
        assertResolves("b", from: "node_modules/a/index.js", in: files, to: "node_modules/b/index.js", package: "b")
    }

    func testImportersOutsideTheRunFolder() {
        let files = files([
            "../shared/node_modules/near/index.js": "", "../node_modules/up/index.js": "", "node_modules/here/index.js": "",
            "/proj/node_modules/abs/index.js": "", "/node_modules/root/index.js": "", "../../node_modules/far/index.js": "",
        ])
        assertResolves("near", from: "../shared/lib/x.js", in: files, to: "../shared/node_modules/near/index.js", package: "near")
        assertResolves("up", from: "../shared/lib/x.js", in: files, to: "../node_modules/up/index.js", package: "up")
        assertResolves("here", from: "../shared/lib/x.js", in: files, to: "node_modules/here/index.js", package: "here")
        // Never above the outermost `..` the importer names.
        XCTAssertEqual(error("far", from: "../shared/x.js", in: files)?.message,
                       "cannot find package 'far' from '../shared/x.js' (looked in ../shared/node_modules, ../node_modules, node_modules)")
        assertResolves("abs", from: "/proj/src/app.js", in: files, to: "/proj/node_modules/abs/index.js", package: "abs")
        assertResolves("root", from: "/proj/src/app.js", in: files, to: "/node_modules/root/index.js", package: "root")
        assertFails("here", from: "/proj/src/app.js", in: files, with: .notFound("cannot find package 'here' from '/proj/src/app.js' (looked in /proj/src/node_modules, /proj/node_modules, /node_modules)"))
    }

    func testScopedPackages() {
        let files = files(package("@scope/pkg", #"{"main": "lib/main.js"}"#, ["lib/main.js", "sub.js", "dir/index.js"]))
        assertResolves("@scope/pkg", in: files, to: "node_modules/@scope/pkg/lib/main.js", package: "@scope/pkg")
        assertResolves("@scope/pkg/sub", in: files, to: "node_modules/@scope/pkg/sub.js", package: "@scope/pkg")
        assertResolves("@scope/pkg/dir", in: files, to: "node_modules/@scope/pkg/dir/index.js", package: "@scope/pkg")
        assertFails("@scope", in: files, with: .notFound("cannot find '@scope' from 'userscripts/app.js': not a valid package name"))
        XCTAssertEqual(error("@scope/other", in: files)?.message,
                       "cannot find package '@scope/other' from 'userscripts/app.js' (looked in userscripts/node_modules, node_modules)")
    }

    func testPackageFieldsAndSubpathsWithoutExports() {
        var entries = package("lib", #"{"main": "./cjs/index.js", "module": "./esm/index.js"}"#, ["cjs/index.js", "esm/index.js", "util/a.js", "util/index.js", "data.json"])
        entries.merge(package("plain", #"{"name": "plain"}"#, ["index.js"])) { a, _ in a }
        entries["node_modules/nomanifest/index.mjs"] = ""
        let files = files(entries)
        assertResolves("lib", in: files, to: "node_modules/lib/esm/index.js", package: "lib")
        assertResolves("lib", kind: .require, in: files, to: "node_modules/lib/esm/index.js", package: "lib")
        assertResolves("lib/util/a", in: files, to: "node_modules/lib/util/a.js", package: "lib")
        assertResolves("lib/util", in: files, to: "node_modules/lib/util/index.js", package: "lib")
        assertResolves("lib/data", in: files, to: "node_modules/lib/data.json", package: "lib")
        assertResolves("lib/cjs/index.js", in: files, to: "node_modules/lib/cjs/index.js", package: "lib")
        assertResolves("plain", in: files, to: "node_modules/plain/index.js", package: "plain")
        assertResolves("nomanifest", in: files, to: "node_modules/nomanifest/index.mjs", package: "nomanifest")
    }

    func testPackageIsReadFromThePath() {
        let files = files(package("@s/p", "{}", ["index.js", "util.js"]))
        assertResolves("./util", from: "node_modules/@s/p/index.js", in: files, to: "node_modules/@s/p/util.js", package: "@s/p")
        XCTAssertEqual(ResolvedModule(path: "./node_modules/a/node_modules/b/x.js"), ResolvedModule(path: "node_modules/a/node_modules/b/x.js", package: "b"))
        XCTAssertEqual(ResolvedModule(path: "src/node_modules").package, nil)
    }

    // MARK: - exports

    func testExportsStringOnlyExportsTheMain() {
        let files = files(package("pkg", #"{"main": "./main.js", "browser": "./b.js", "exports": "./dist/index.js"}"#, ["main.js", "b.js", "dist/index.js", "dist/other.js"]))
        assertResolves("pkg", in: files, to: "node_modules/pkg/dist/index.js", package: "pkg")
        assertFails("pkg/dist/other.js", in: files, with: .notExported("package subpath './dist/other.js' is not exported by 'pkg' (node_modules/pkg/package.json)"))
        assertFails("pkg/main.js", in: files, with: .notExported("package subpath './main.js' is not exported by 'pkg' (node_modules/pkg/package.json)"))
    }

    func testExportsConditionsInPackageOrder() {
        let manifests = [
            "order": #"{"exports": {"require": "./r.cjs", "import": "./i.mjs", "default": "./d.js"}}"#,
            "node": #"{"exports": {"node": "./n.js", "deno": "./n.js", "default": "./d.js"}}"#,
            "nested": #"{"exports": {"import": {"node": "./n.js", "browser": "./ib.js", "default": "./id.js"}, "default": "./d.js"}}"#,
            "defaultfirst": #"{"exports": {"default": "./d.js", "browser": "./b.js"}}"#,
            "modcond": #"{"exports": {"module": "./m.js", "import": "./i.mjs"}}"#,
            "browser": #"{"exports": {".": {"node": {"import": "./n.js"}, "browser": {"require": "./br.cjs", "import": "./bi.mjs"}}}}"#,
            "none": #"{"exports": {"development": "./dev.js", "node": "./n.js"}}"#,
        ]
        var entries: [String: String] = [:]
        for (name, manifest) in manifests {
            entries.merge(package(name, manifest, ["r.cjs", "i.mjs", "d.js", "n.js", "ib.js", "id.js", "b.js", "m.js", "br.cjs", "bi.mjs", "dev.js"])) { a, _ in a }
        }
        let files = files(entries)
        assertResolves("order", in: files, to: "node_modules/order/i.mjs", package: "order")
        assertResolves("order", kind: .require, in: files, to: "node_modules/order/r.cjs", package: "order")
        assertResolves("node", in: files, to: "node_modules/node/d.js", package: "node")
        assertResolves("nested", in: files, to: "node_modules/nested/ib.js", package: "nested")
        assertResolves("nested", kind: .require, in: files, to: "node_modules/nested/d.js", package: "nested")
        assertResolves("defaultfirst", in: files, to: "node_modules/defaultfirst/d.js", package: "defaultfirst")
        assertResolves("modcond", in: files, to: "node_modules/modcond/m.js", package: "modcond")
        assertResolves("browser", in: files, to: "node_modules/browser/bi.mjs", package: "browser")
        assertResolves("browser", kind: .require, in: files, to: "node_modules/browser/br.cjs", package: "browser")
        assertFails("none", in: files, with: .notExported("package subpath '.' is not exported by 'none' (node_modules/none/package.json)"))
        XCTAssertEqual(ModuleResolver.conditions(for: .import), ["browser", "module", "default", "import"])
        XCTAssertEqual(ModuleResolver.conditions(for: .require), ["browser", "module", "default", "require"])
    }

    func testExportsSubpathsAndPatterns() {
        let manifest = #"""
        {"exports": {
          ".": "./index.js",
          "./feature": "./f.js",
          "./features/*": "./src/features/*.js",
          "./features/private/*": null,
          "./features/special": "./special.js",
          "./utils/*.js": "./lib/utils/*.js",
          "./a/*": "./p/*.js",
          "./a/b": "./exact.js",
          "./dir/": "./dir/",
          "./package.json": "./package.json"
        }}
        """#
        let files = files(package("pkg", manifest, ["index.js", "f.js", "src/features/a.js", "src/features/a/b.js", "special.js", "lib/utils/x.js", "p/c.js", "exact.js", "dir/x.js"]))
        assertResolves("pkg", in: files, to: "node_modules/pkg/index.js", package: "pkg")
        assertResolves("pkg/feature", in: files, to: "node_modules/pkg/f.js", package: "pkg")
        assertResolves("pkg/features/a", in: files, to: "node_modules/pkg/src/features/a.js", package: "pkg")
        assertResolves("pkg/features/a/b", in: files, to: "node_modules/pkg/src/features/a/b.js", package: "pkg")
        assertResolves("pkg/features/special", in: files, to: "node_modules/pkg/special.js", package: "pkg")
        assertResolves("pkg/utils/x.js", in: files, to: "node_modules/pkg/lib/utils/x.js", package: "pkg")
        assertResolves("pkg/a/c", in: files, to: "node_modules/pkg/p/c.js", package: "pkg")
        assertResolves("pkg/a/b", in: files, to: "node_modules/pkg/exact.js", package: "pkg")
        assertResolves("pkg/package.json", in: files, to: "node_modules/pkg/package.json", package: "pkg")
        // The longer prefix wins, and its null target means not exported.
        assertFails("pkg/features/private/x", in: files, with: .notExported("package subpath './features/private/x' is not exported by 'pkg' (node_modules/pkg/package.json)"))
        // The trailer must match too.
        assertFails("pkg/utils/x", in: files, with: .notExported("package subpath './utils/x' is not exported by 'pkg' (node_modules/pkg/package.json)"))
        assertFails("pkg/nope", in: files, with: .notExported("package subpath './nope' is not exported by 'pkg' (node_modules/pkg/package.json)"))
        // A folder key ending in '/' is not a folder mapping (removed in node 17); its target is invalid.
        XCTAssertEqual(error("pkg/dir/x.js", in: files), .notExported("package subpath './dir/x.js' is not exported by 'pkg' (node_modules/pkg/package.json)"))
        guard case .invalidPackage = error("pkg/dir/", in: files) else { return XCTFail("a target ending in '/' is invalid") }
        // A pattern match may not leave the folder the pattern names.
        assertFails("pkg/features/../../secret", in: files, with: .notExported("package subpath './features/../../secret' of 'pkg' is not a valid subpath (node_modules/pkg/package.json)"))
    }

    func testPatternKeyCompare() {
        let keys = ["./a/*", "./a/b/*", "./a/*.js", "./*", "./a/b*"]
        let sorted = keys.sorted { ModuleResolver.patternKeyCompare($0, $1) < 0 }
        XCTAssertEqual(sorted, ["./a/b/*", "./a/b*", "./a/*.js", "./a/*", "./*"])
    }

    func testExportsArraysAndNull() {
        let manifests = [
            "fallback": #"{"exports": {".": [{"worker": "./w.js"}, "./fallback.js"]}}"#,
            "invalidfirst": #"{"exports": ["../outside.js", "./ok.js"]}"#,
            "allinvalid": #"{"exports": ["./ok.js", "outside.js"]}"#,
            "nulltarget": #"{"exports": {".": null, "./x": "./ok.js"}}"#,
            "empty": #"{"exports": []}"#,
            "nullexports": #"{"exports": null, "main": "ok.js"}"#,
            "missingfirst": #"{"exports": ["./gone.js", "./ok.js"]}"#,
        ]
        var entries: [String: String] = [:]
        for (name, manifest) in manifests {
            entries.merge(package(name, manifest, ["w.js", "fallback.js", "ok.js"])) { a, _ in a }
        }
        let files = files(entries)
        assertResolves("fallback", in: files, to: "node_modules/fallback/fallback.js", package: "fallback")
        assertResolves("invalidfirst", in: files, to: "node_modules/invalidfirst/ok.js", package: "invalidfirst")
        // A valid target wins even when an invalid one follows.
        assertResolves("allinvalid", in: files, to: "node_modules/allinvalid/ok.js", package: "allinvalid")
        assertFails("nulltarget", in: files, with: .notExported("package subpath '.' is not exported by 'nulltarget' (node_modules/nulltarget/package.json)"))
        assertResolves("nulltarget/x", in: files, to: "node_modules/nulltarget/ok.js", package: "nulltarget")
        assertFails("empty", in: files, with: .notExported("package subpath '.' is not exported by 'empty' (node_modules/empty/package.json)"))
        assertResolves("nullexports", in: files, to: "node_modules/nullexports/ok.js", package: "nullexports")
        // As in node, the first valid target is taken whether or not its file exists.
        assertFails("missingfirst", in: files, with: .notFound("cannot find 'missingfirst' from 'userscripts/app.js': 'missingfirst' exports '.' as 'node_modules/missingfirst/gone.js', which is not a file"))
    }

    func testInvalidExports() {
        let manifests = [
            "mixed": #"{"exports": {".": "./a.js", "import": "./a.js"}}"#,
            "noprefix": #"{"exports": "a.js"}"#,
            "parent": #"{"exports": "./../a.js"}"#,
            "nested": #"{"exports": "./node_modules/x/a.js"}"#,
            "number": #"{"exports": {".": 3}}"#,
            "numerickey": #"{"exports": {"0": "./a.js"}}"#,
            "allinvalid": #"{"exports": ["/a.js", "b.js"]}"#,
        ]
        var entries: [String: String] = [:]
        for (name, manifest) in manifests {
            entries.merge(package(name, manifest, ["a.js"])) { a, _ in a }
        }
        let files = files(entries)
        assertFails("mixed", in: files, with: .invalidPackage("'exports' in 'node_modules/mixed/package.json' mixes subpath keys ('./…') with condition keys"))
        assertFails("noprefix", in: files, with: .invalidPackage("'exports' target 'a.js' for '.' in 'node_modules/noprefix/package.json' is invalid: a target must start with './' and stay in the package"))
        for name in ["parent", "nested", "number", "numerickey", "allinvalid"] {
            guard case .invalidPackage(let message) = error(name, in: files) else { XCTFail(name); continue }
            XCTAssertTrue(message.contains("node_modules/\(name)/package.json"), message)
        }
        XCTAssertEqual(error("allinvalid", in: files)?.message,
                       "'exports' target 'b.js' for '.' in 'node_modules/allinvalid/package.json' is invalid: a target must start with './' and stay in the package")
    }

    func testExportsTargetsAreNotProbed() {
        let files = files(package("pkg", #"{"exports": {".": "./dist/index", "./dir": "./dir"}}"#, ["dist/index.js", "dir/index.js"]))
        assertFails("pkg", in: files, with: .notFound("cannot find 'pkg' from 'userscripts/app.js': 'pkg' exports '.' as 'node_modules/pkg/dist/index', which is not a file"))
        guard case .notFound = error("pkg/dir", in: files) else { return XCTFail("a folder is not a file") }
    }

    // MARK: - imports and self-reference

    func testPackageImports() {
        let files = files([
            "package.json": ##"""
            {"name": "app", "imports": {
              "#util": "./userscripts/lib/util.js",
              "#dep": {"node": "dep-node", "default": "dep"},
              "#lib/*": "./userscripts/lib/*.js",
              "#fs": "fs",
              "#bad": "../x.js",
              "#url": "https://example.com/x.js",
              "#missing": "./gone.js",
              "#scoped/*": "@s/p/*",
              "#loop": "#loop"
            }}
            """##,
            "userscripts/lib/util.js": "", "userscripts/lib/a.js": "",
            "node_modules/dep/index.js": "", "node_modules/dep-node/index.js": "",
            "node_modules/@s/p/package.json": #"{"exports": {"./*": "./src/*.js"}}"#, "node_modules/@s/p/src/q.js": "",
            "node_modules/pkg/package.json": ##"{"name": "pkg", "imports": {"#internal": "./internal.js"}, "exports": "./index.js"}"##,
            "node_modules/pkg/index.js": "", "node_modules/pkg/internal.js": "", "node_modules/pkg/lib/x.js": "",
            "node_modules/bare/x.js": "",
        ])
        assertResolves("#util", in: files, to: "userscripts/lib/util.js")
        assertResolves("#dep", in: files, to: "node_modules/dep/index.js", package: "dep")
        assertResolves("#lib/a", in: files, to: "userscripts/lib/a.js")
        assertResolves("#scoped/q", in: files, to: "node_modules/@s/p/src/q.js", package: "@s/p")
        assertFails("#fs", in: files, with: .builtin("fs"))
        assertFails("#bad", in: files, with: .invalidPackage("'imports' target '../x.js' for '#bad' in 'package.json' is invalid: a target must start with './' and stay in the package"))
        guard case .invalidPackage = error("#url", in: files) else { return XCTFail("a URL target is invalid") }
        assertFails("#missing", in: files, with: .notFound("cannot find '#missing' from 'userscripts/app.js': 'package.json' imports it as 'gone.js', which is not a file"))
        assertFails("#nope", in: files, with: .notExported("package import '#nope' is not defined by 'app' (package.json)"))
        guard case .notFound = error("#loop", in: files) else { return XCTFail("an imports target is never another #name") }
        guard case .notFound = error("#", in: files) else { return XCTFail("'#' is no import name") }
        guard case .notFound = error("#/x", in: files) else { return XCTFail("'#/x' is no import name") }
        // The package scope is the nearest package.json; it does not reach past node_modules.
        assertResolves("#internal", from: "node_modules/pkg/lib/x.js", in: files, to: "node_modules/pkg/internal.js", package: "pkg")
        assertFails("#util", from: "node_modules/pkg/lib/x.js", in: files, with: .notExported("package import '#util' is not defined by 'pkg' (node_modules/pkg/package.json)"))
        assertFails("#util", from: "node_modules/bare/x.js", in: files, with: .notFound("cannot find '#util' from 'node_modules/bare/x.js': no package.json above it to define 'imports'"))
    }

    func testSelfReferenceThroughExports() {
        let files = files([
            "package.json": #"{"name": "@me/app", "exports": {".": "./userscripts/main.js", "./tools": {"browser": "./userscripts/tools.js"}}}"#,
            "userscripts/main.js": "", "userscripts/tools.js": "",
            "lib/package.json": #"{"name": "lib", "main": "index.js"}"#, "lib/index.js": "",
        ])
        assertResolves("@me/app", in: files, to: "userscripts/main.js")
        assertResolves("@me/app/tools", in: files, to: "userscripts/tools.js")
        assertFails("@me/app/main", in: files, with: .notExported("package subpath './main' is not exported by '@me/app' (package.json)"))
        // Without exports a package does not name itself.
        guard case .notFound = error("lib", from: "lib/index.js", in: files) else { return XCTFail("self-reference needs exports") }
        // A package.json that does not read fails only what needs it.
        let broken = self.files(["package.json": "{,", "node_modules/a/index.js": ""])
        assertResolves("a", from: "app.js", in: broken, to: "node_modules/a/index.js", package: "a")
        guard case .invalidPackage = error("#a", from: "app.js", in: broken) else { return XCTFail("imports need the package.json") }
    }

    func testInMemoryFilesNormalisesPaths() {
        let files = InMemoryFiles(["./a/../b/c.js": [1], "/abs/x.js": [2]])
        XCTAssertEqual(files.contents(of: "b/c.js"), [1])
        XCTAssertEqual(files.contents(of: "./b/./c.js"), [1])
        XCTAssertTrue(files.isFolder("/"))
        XCTAssertTrue(files.isFolder("/abs"))
        XCTAssertFalse(files.isFolder("/abs/x.js"))
        XCTAssertTrue(files.isFolder("b"))
    }

    // MARK: - Built-ins, bad package.json, JSON, odd input

    func testBuiltins() {
        let files = files(package("events", #"{"main": "events.js"}"#, ["events.js"]).merging(package("fs", "{}", ["index.js", "x.js"])) { a, _ in a })
        for name in ["fs", "path", "os", "crypto", "http", "https", "url", "util", "events", "stream", "buffer", "child_process", "zlib", "fs/promises", "node:fs", "node:path", "node:test", "node:"] {
            assertFails(name, in: files, with: .builtin(name))
        }
        XCTAssertEqual(ResolutionError.builtin("node:fs").message, "'node:fs' is a node built-in module, which a browser does not have")
        // Not a built-in subpath: the package of that name.
        assertResolves("fs/x", in: files, to: "node_modules/fs/x.js", package: "fs")
        XCTAssertTrue(ModuleResolver.builtins.isSuperset(of: ["worker_threads", "vm", "readline", "querystring", "process", "module", "assert", "dns", "tls", "net"]))
    }

    func testInvalidPackageJSON() {
        var entries = package("bad", "{ nope", ["index.js"])
        entries.merge(package("array", "[]", ["index.js"])) { a, _ in a }
        entries.merge(package("dup", #"{"main": "a.js", "main": "b.js"}"#, ["index.js"])) { a, _ in a }
        entries["lib/pkg/package.json"] = "{,}"
        entries["lib/pkg/index.js"] = ""
        let files = files(entries)
        assertFails("bad", in: files, with: .invalidPackage("'node_modules/bad/package.json' is not valid JSON (1:3: expected a key in double quotes, found 'nope')"))
        assertFails("array", in: files, with: .invalidPackage("'node_modules/array/package.json' is not a JSON object"))
        guard case .invalidPackage(let message) = error("dup", in: files) else { return XCTFail("duplicate keys") }
        XCTAssertTrue(message.hasPrefix("'node_modules/dup/package.json' is not valid JSON (1:"), message)
        guard case .invalidPackage(let folder) = error("../lib/pkg", in: files) else { return XCTFail("a folder's package.json") }
        XCTAssertTrue(folder.hasPrefix("'lib/pkg/package.json' is not valid JSON"), folder)
    }

    func testJSONFiles() {
        let files = files([
            "userscripts/config.json": "{}",
            "node_modules/data/package.json": #"{"main": "data.json"}"#, "node_modules/data/data.json": "[]",
            "node_modules/data/extra.json": "1",
            "node_modules/exported/package.json": #"{"exports": {".": "./d.json", "./*": "./*.json"}}"#,
            "node_modules/exported/d.json": "1", "node_modules/exported/e.json": "1",
        ])
        assertResolves("./config", in: files, to: "userscripts/config.json")
        assertResolves("./config.json", in: files, to: "userscripts/config.json")
        assertResolves("data", in: files, to: "node_modules/data/data.json", package: "data")
        assertResolves("data/extra", in: files, to: "node_modules/data/extra.json", package: "data")
        assertResolves("exported", in: files, to: "node_modules/exported/d.json", package: "exported")
        assertResolves("exported/e", in: files, to: "node_modules/exported/e.json", package: "exported")
    }

    func testOddInputDoesNotCrash() {
        let files = files(["userscripts/app.js": "", "node_modules/pkg/index.js": "", "/x.js": ""])
        assertFails("", in: files, with: .notFound("empty module specifier in 'userscripts/app.js'"))
        assertFails("./a\0b", in: files, with: .notFound("cannot find './a\\u{0}b' from 'userscripts/app.js': the specifier contains a NUL character"))
        assertFails("#internal", in: files, with: .notFound("cannot find '#internal' from 'userscripts/app.js': no package.json above it to define 'imports'"))
        let long = String(repeating: "a/", count: 3000)
        assertFails("./" + long, in: files, with: .notFound("module specifier of 6002 bytes in 'userscripts/app.js' is too long"))
        let longish = "./" + String(repeating: "b", count: 500)
        XCTAssertEqual(error(longish, in: files)?.message.hasPrefix("cannot find './" + String(repeating: "b", count: 78) + "…' from"), true)
        assertResolves("../../../../../x.js", from: "/a/b.js", in: files, to: "/x.js")
        guard case .notFound = error("../../../../../x.js", in: files) else { return XCTFail() }
        guard case .notFound = error("/", in: files) else { return XCTFail() }
        for specifier in ["@", "@/x", "@s/", ".pkg", "pkg\\x", "%70kg", "a\nb"] {
            guard case .notFound(let message) = error(specifier, in: files) else { XCTFail(specifier); continue }
            XCTAssertFalse(message.contains("\n"), message)
        }
        assertResolves("pkg//index.js", in: files, to: "node_modules/pkg/index.js", package: "pkg")
        guard case .notFound = error("pkg", from: "", in: InMemoryFiles()) else { return XCTFail() }
        guard case .notFound = error("./x", from: "..", in: InMemoryFiles()) else { return XCTFail() }
    }

    func testDeterministic() {
        let files = files(package("pkg", #"{"exports": {"./*": "./a/*.js", "./b/*": "./b/*.js", "./*/c": "./c/*.js"}}"#, ["a/b/c.js", "b/c.js", "c/b.js"]))
        let first = resolve("pkg/b/c", in: files)
        for _ in 0..<20 { XCTAssertEqual(resolve("pkg/b/c", in: files), first) }
        XCTAssertEqual(first, .success(ResolvedModule(path: "node_modules/pkg/b/c.js", package: "pkg")))
    }

    // MARK: - Debian's packages

    /// `/usr/share/nodejs/<name>` as `node_modules/<name>`: its package.json, and empty files for
    /// the rest (the resolver reads only package.json files).
    private func debianPackage(_ name: String) throws -> [String: [UInt8]] {
        let root = "/usr/share/nodejs/\(name)"
        guard FileManager.default.fileExists(atPath: root + "/package.json") else {
            throw XCTSkip("\(root) is absent (apt-get install node-\(name))")
        }
        var entries: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            entries["node_modules/\(name)/\(relative)"] = []
        }
        entries["node_modules/\(name)/package.json"] = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/package.json")))
        return entries
    }

    func testDebianUUID() throws {
        let files = InMemoryFiles(try debianPackage("uuid"))
        // uuid 8.3.2: {".": {"node": {…}, "default": "./dist/esm-browser/index.js"}, "./package.json": …}
        assertResolves("uuid", in: files, to: "node_modules/uuid/dist/esm-browser/index.js", package: "uuid")
        assertResolves("uuid", kind: .require, in: files, to: "node_modules/uuid/dist/esm-browser/index.js", package: "uuid")
        assertResolves("uuid/package.json", in: files, to: "node_modules/uuid/package.json", package: "uuid")
        guard case .notExported = error("uuid/dist/v4.js", in: files) else { return XCTFail("uuid exports only . and ./package.json") }
    }

    func testDebianLodash() throws {
        let files = InMemoryFiles(try debianPackage("lodash"))
        assertResolves("lodash", in: files, to: "node_modules/lodash/lodash.js", package: "lodash")
        assertResolves("lodash/fp", in: files, to: "node_modules/lodash/fp.js", package: "lodash")
        assertResolves("lodash/debounce", in: files, to: "node_modules/lodash/debounce.js", package: "lodash")
    }
}
