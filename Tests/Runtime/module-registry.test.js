"use strict";
// The module registry every bundled entry starts with
// (Sources/HawserCore/Modules/Templates/module-registry.js), loaded as the file is, in a fresh
// vm context, with hand-written module functions of the forms ModuleLinker emits:
//
//   define(id, "esm", function (__hawser_exports, __hawser_import, require) {
//     "use strict"; __hawser_exports({ name: () => local }); var __hawser_m0 = __hawser_import(1); ...
//   }, { "./cjs": 2 });
//   define(id, "cjs", function (module, exports, require) { ... }, { "./dep": 3 });
//
// The registry has no placeholders, and the build leaves out only its comment-only lines, so the
// file runs as it is; the last test checks that a bundle `hawser build` ($HAWSER_BIN) writes
// starts with exactly that text. Each behaviour is a scenario, a function that throws when the
// registry it is given gets it wrong; the mutation test at the end runs every scenario against
// registries broken on purpose, and fails if a break goes unnoticed.

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const { execFileSync } = require("node:child_process");

const REGISTRY_FILE = path.join(__dirname, "..", "..", "Sources", "HawserCore", "Modules", "Templates", "module-registry.js");
const REGISTRY_TEXT = fs.readFileSync(REGISTRY_FILE, "utf8");

/** The text a bundle holds: the body after the notes, without the comment-only lines (ModuleLinker.loader). */
function emittedRegistry(text = REGISTRY_TEXT) {
  const body = text.slice(text.indexOf("\n\n") + 2);
  return body
    .split("\n")
    .filter((line) => !/^[ \t]*\/\//.test(line))
    .join("\n");
}

/**
 * A page with the registry `text` (the file by default) run in it: { registry, context, log }.
 * `log` collects what module functions note, in order. Errors thrown in the context are of its
 * realm: compare them by name and message.
 */
function page(text = REGISTRY_TEXT) {
  const log = [];
  // A registry broken on purpose can evaluate modules without end (microtasks only, so no
  // timer would fire): noting too much throws.
  const note = (entry) => {
    if (log.length >= 100) throw new Error("too many notes: a module runs again and again");
    log.push(entry);
  };
  const context = vm.createContext({ note });
  vm.runInContext(text, context, { filename: "module-registry.js" });
  const registry = context.__hawser_modules;
  assert.equal(typeof registry?.define, "function", "the file defines __hawser_modules with define and load");
  return { registry, context, log };
}

/** Runs `source` (module functions written as the linker writes them) in the page's context. */
function inPage(p, source) {
  return vm.runInContext(source, p.context);
}

/** Lets pending promise callbacks run. */
function flush() {
  return new Promise((resolve) => setImmediate(resolve));
}

// Each scenario gets a page and throws (an assertion) when the registry misbehaves.
const scenarios = {
  "modules run depth first, dependencies in the order asked for, the entry last"(p) {
    inPage(p, `
      __hawser_modules.define(0, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); note("leaf"); });
      __hawser_modules.define(1, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(0); note("a"); });
      __hawser_modules.define(2, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); note("b"); });
      __hawser_modules.define(3, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(1), __hawser_m1 = __hawser_import(2); note("entry"); });
    `);
    assert.deepEqual(p.log, [], "define runs nothing");
    p.registry.load(3);
    assert.deepEqual(p.log, ["leaf", "a", "b", "entry"]);
  },

  "a module imported twice runs once, and load gives the same record again"(p) {
    inPage(p, `
      __hawser_modules.define(0, "esm", function (__hawser_exports) { "use strict"; __hawser_exports({ value: () => value }); note("shared"); const value = {}; });
      __hawser_modules.define(1, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ seen: () => seen }); var __hawser_m0 = __hawser_import(0); const seen = __hawser_m0.value; });
      __hawser_modules.define(2, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(0), __hawser_m1 = __hawser_import(1);
        note(__hawser_m0.value === __hawser_m1.seen ? "same value" : "another value"); });
      __hawser_modules.define(3, "cjs", function (module) { note("cjs"); module.exports = {}; });
    `);
    const first = p.registry.load(2);
    assert.equal(p.registry.load(2), first);
    assert.equal(p.registry.load(0).namespace, p.registry.load(0).namespace);
    assert.deepEqual(p.log, ["shared", "same value"]);
    const cjs = p.registry.load(3);
    assert.equal(p.registry.load(3), cjs);
    assert.deepEqual(p.log, ["shared", "same value", "cjs"]);
  },

  "an import is a live binding: the namespace's getters read the exporter's variable when used"(p) {
    inPage(p, `
      __hawser_modules.define(0, "esm", function (__hawser_exports) { "use strict"; __hawser_exports({ count: () => count, increment: () => increment });
        let count = 0;
        function increment() { count += 1; }
      });
      __hawser_modules.define(1, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(0);
        note(__hawser_m0.count); (0, __hawser_m0.increment)(); (0, __hawser_m0.increment)(); note(__hawser_m0.count);
      });
    `);
    p.registry.load(1);
    assert.deepEqual(p.log, [0, 2]);
    const namespace = p.registry.load(0).namespace;
    assert.equal(Object.prototype.toString.call(namespace), "[object Module]");
    assert.equal(Object.getPrototypeOf(namespace), null);
    assert.deepEqual(Object.keys(namespace), ["count", "increment"]);
    assert.equal(Object.isExtensible(namespace), false, "no name can be added to a namespace");
    assert.throws(() => inPage(p, `"use strict"; __hawser_modules.load(0).namespace.count = 5;`), { name: "TypeError" }, "an import is read-only");
    assert.equal(namespace.count, 2);
  },

  "in a cycle the namespace exists before the dependencies run: hoisted functions work, a const read too early is in its TDZ"(p) {
    // a.js imports b.js, b.js imports a.js; the entry imports a.js. b.js runs first, while a.js
    // waits on it, and reads a.js's exports.
    inPage(p, `
      __hawser_modules.define(0, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ fromB: () => fromB }); var __hawser_m0 = __hawser_import(1);
        note("b runs; a's function says " + (0, __hawser_m0.aHoisted)());
        try { note("b read " + __hawser_m0.aConst); } catch (error) { note("b: " + error.name + ": " + error.message); }
        note("b finds " + ["aConst", "aHoisted", "other"].filter(function (name) { return name in __hawser_m0; }).join(","));
        const fromB = "fromB";
      });
      __hawser_modules.define(1, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ aConst: () => aConst, aHoisted: () => aHoisted }); var __hawser_m0 = __hawser_import(0);
        note("a runs; it sees " + __hawser_m0.fromB);
        function aHoisted() { return "hoisted"; }
        const aConst = "initialised";
      });
      __hawser_modules.define(2, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(1); note("entry sees " + __hawser_m0.aConst); });
    `);
    p.registry.load(2);
    assert.equal(p.log.length, 5, JSON.stringify(p.log));
    assert.equal(p.log[0], "b runs; a's function says hoisted");
    assert.match(p.log[1], /^b: ReferenceError: .*aConst/);
    assert.equal(p.log[2], "b finds aConst,aHoisted", "every name exists (`in` does not read the binding)");
    assert.deepEqual(p.log.slice(3), ["a runs; it sees fromB", "entry sees initialised"]);
  },

  "CommonJS: (module, exports, require), this is exports, module.exports can be replaced, exports.x adds a name"(p) {
    inPage(p, `
      __hawser_modules.define(0, "cjs", function (module, exports, require) { note(this === exports && exports === module.exports); exports.x = 1; exports.y = "y"; });
      __hawser_modules.define(1, "cjs", function (module, exports, require) { exports.lost = true; module.exports = function replaced() { return "replaced"; }; module.exports.extra = 2; });
      __hawser_modules.define(2, "cjs", function (module, exports, require) {
        var a = require("./a"), b = require("./b");
        note([a.x, a.y, b(), b.extra, b.lost, require("./a") === a]);
        try { require("./missing"); } catch (error) { note(error.message); }
      }, {"./a": 0, "./b": 1});
    `);
    p.registry.load(2);
    assert.deepEqual(JSON.parse(JSON.stringify(p.log)), [true, [1, "y", "replaced", 2, null, true], "Cannot find module './missing'"]);
    assert.equal(p.log[1][4], undefined, "exports.lost went with the replaced exports object");
  },

  "an ES module importing CommonJS: default is module.exports (or its default with __esModule), names read it when used"(p) {
    inPage(p, `
      __hawser_modules.define(0, "cjs", function (module, exports) { exports.count = 1; exports.bump = function () { exports.count += 1; }; });
      __hawser_modules.define(1, "cjs", function (module, exports) { Object.defineProperty(exports, "__esModule", { value: true }); exports.default = "transpiled default"; exports.named = "n"; });
      __hawser_modules.define(2, "cjs", function (module) { module.exports = "a string"; });
      __hawser_modules.define(3, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(0), __hawser_m1 = __hawser_import(1), __hawser_m2 = __hawser_import(2);
        note(__hawser_m0.default === __hawser_modules.load(0).module.exports);
        note(__hawser_m0.count); (0, __hawser_m0.bump)(); note(__hawser_m0.count);
        note([__hawser_m1.default, __hawser_m1.named, __hawser_m2.default]);
        note(__hawser_import(0) === __hawser_m0);
      });
      // require of an ES module gives its namespace.
      __hawser_modules.define(4, "esm", function (__hawser_exports) { "use strict"; __hawser_exports({ answer: () => answer }); const answer = 42; });
      __hawser_modules.define(5, "cjs", function (module, exports, require) { note(require("./esm").answer); note(require("./esm") === __hawser_modules.load(4).namespace); }, {"./esm": 4});
    `);
    p.registry.load(3);
    p.registry.load(5);
    assert.deepEqual(JSON.parse(JSON.stringify(p.log)), [true, 1, 2, ["transpiled default", "n", "a string"], true, 42, true]);
  },

  async "top-level await: the importer's await gives the namespace once the async module has finished"(p) {
    inPage(p, `
      globalThis.release = null;
      __hawser_modules.define(0, "esm", async function (__hawser_exports) { "use strict"; __hawser_exports({ value: () => value });
        note("async starts"); let value = "before"; await new Promise(function (resolve) { globalThis.release = resolve; }); value = "after"; note("async ends");
      });
      __hawser_modules.define(1, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = await __hawser_import(0);
        note("importer sees " + __hawser_m0.value);
      });
    `);
    const record = p.registry.load(1);
    assert.equal(typeof record.done?.then, "function", "an async module's record has its promise, done");
    let finished = false;
    record.done.then(() => { finished = true; }, () => {});
    await flush();
    assert.deepEqual(p.log, ["async starts"], "the importer waits");
    assert.equal(finished, false);
    inPage(p, "release()");
    await record.done;
    assert.deepEqual(p.log, ["async starts", "async ends", "importer sees after"]);
  },

  async "top-level await in a cycle: the module asked for second runs first, and one whose dependency waits for it is not kept waiting"(p) {
    // The entry (2) imports a (1); a imports b (0); b awaits a leaf (3), then imports a. As in
    // the spec, b finishes before a's body runs (a waits for it); b's wait for a would never
    // end, since a waits for b, so b gets a's namespace as it is.
    inPage(p, `
      __hawser_modules.define(3, "esm", async function (__hawser_exports) { "use strict"; __hawser_exports({}); await null; note("leaf"); });
      __hawser_modules.define(0, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ b: () => b }); var __hawser_m0 = await __hawser_import(3), __hawser_m1 = await __hawser_import(1);
        note("b finds a's name: " + ("a" in __hawser_m1)); await null; const b = "b"; note("b ends");
      });
      __hawser_modules.define(1, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ a: () => a }); var __hawser_m0 = await __hawser_import(0);
        note("a sees " + __hawser_m0.b); const a = "a";
      });
      __hawser_modules.define(2, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = await __hawser_import(1); note("entry sees " + __hawser_m0.a); });
    `);
    const done = p.registry.load(2).done;
    const outcome = await Promise.race([done.then(() => "finished"), new Promise((resolve) => setTimeout(() => resolve("stuck"), 200))]);
    assert.equal(outcome, "finished", JSON.stringify(p.log));
    assert.deepEqual(p.log, ["leaf", "b finds a's name: true", "b ends", "a sees b", "entry sees a"]);
  },

  async "top-level await, two modules importing each other: the one asked for second finishes before the other's body runs"(p) {
    // a (1) imports b (0), b imports a and awaits; b was given a's namespace at once, so b
    // waits for nothing, and a waits for b to finish, as the spec orders it.
    inPage(p, `
      __hawser_modules.define(0, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ b: () => b }); var __hawser_m0 = await __hawser_import(1);
        note("b runs"); await null; await null; const b = "b"; note("b ends");
      });
      __hawser_modules.define(1, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({ a: () => a }); var __hawser_m0 = await __hawser_import(0);
        note("a sees " + __hawser_m0.b); const a = "a";
      });
    `);
    await p.registry.load(1).done;
    assert.deepEqual(p.log, ["b runs", "b ends", "a sees b"]);
  },

  "an exception in a module leaves load through its importers, and the importer's code after the import does not run"(p) {
    inPage(p, `
      __hawser_modules.define(0, "esm", function (__hawser_exports) { "use strict"; __hawser_exports({}); note("dep"); throw new TypeError("broken dependency"); });
      __hawser_modules.define(1, "cjs", function (module, exports, require) { require("./dep"); note("cjs after require"); }, {"./dep": 0});
      __hawser_modules.define(2, "esm", function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = __hawser_import(1); note("entry after import"); });
    `);
    assert.throws(() => p.registry.load(2), { name: "TypeError", message: "broken dependency" });
    assert.deepEqual(p.log, ["dep"]);
  },

  async "a rejection in an async module rejects its importer's done, which the entry awaits"(p) {
    inPage(p, `
      __hawser_modules.define(0, "esm", async function (__hawser_exports) { "use strict"; __hawser_exports({}); await null; throw new RangeError("rejected after await"); });
      __hawser_modules.define(1, "esm", async function (__hawser_exports, __hawser_import) { "use strict"; __hawser_exports({}); var __hawser_m0 = await __hawser_import(0); note("entry after import"); });
    `);
    await assert.rejects(p.registry.load(1).done, { name: "RangeError", message: "rejected after await" });
    assert.deepEqual(p.log, []);
  },
};

for (const [name, scenario] of Object.entries(scenarios)) {
  test(name, () => scenario(page()));
}

/** Whether some scenario fails against the registry `text`: the names of those that do. */
async function failingScenarios(text) {
  const failing = [];
  for (const [name, scenario] of Object.entries(scenarios)) {
    try {
      await scenario(page(text));
    } catch (_) {
      failing.push(name);
    }
  }
  return failing;
}

test("every scenario passes against the file as it is, and a registry broken on purpose fails at least one", async () => {
  assert.deepEqual(await failingScenarios(REGISTRY_TEXT), []);
  // Each break: a piece of the file's text and what it becomes.
  const breaks = [
    ["evaluated every time asked for", "if (record) { return record; }", ""],
    ["the record made after the body ran (a cycle runs a module twice)", "record = records[id] = { namespace: namespace };", "record = { namespace: namespace };"],
    ["getters copied as values", "{ get: getters[name], enumerable: true }", "{ value: getters[name](), enumerable: true, writable: true }"],
    ["a namespace that can grow", "Object.preventExtensions(namespace);", ""],
    ["require's table ignored", "if (!Object.prototype.hasOwnProperty.call(table, specifier))", "if (false)"],
    ["CommonJS run with this undefined", "definition.body.call(module.exports, module,", "definition.body.call(undefined, module,"],
    ["module.exports read before the module ran", "return record.namespace || record.module.exports;", "return record.namespace || {};"],
    ["no interop: the default is the exports' default", "exports && exports.__esModule ? exports.default : exports", "exports.default"],
    ["an async dependency not awaited", "return record.done.then(function () { records[id].waitingOn = undefined; return record.namespace; });", "return record.namespace;"],
    ["a cycle of async modules awaited", "if (at !== id) {", "if (true) {"],
    ["a module given a namespace at once still counted as waiting", "records[id].waitingOn = undefined;\n      return", "return"],
    ["errors swallowed", "definition.body.call(module.exports, module, module.exports, requireFor(id));",
      "try { definition.body.call(module.exports, module, module.exports, requireFor(id)); } catch (error) {}"],
  ];
  for (const [what, from, to] of breaks) {
    assert.ok(REGISTRY_TEXT.includes(from), `the file no longer has "${from}": update this break (${what})`);
    const failing = await failingScenarios(REGISTRY_TEXT.replace(from, to));
    assert.notDeepEqual(failing, [], `no scenario fails for the break "${what}"`);
  }
});

test("a bundle that hawser build writes starts with the file's text, less its notes and comment-only lines", { skip: !process.env.HAWSER_BIN && "HAWSER_BIN is not set (see load-runtime.js)" }, () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "hawser-registry-"));
  try {
    fs.mkdirSync(path.join(project, "scripts", "lib"), { recursive: true });
    fs.writeFileSync(path.join(project, "scripts", "lib", "value.js"), "export const value = 1;\n");
    fs.writeFileSync(path.join(project, "scripts", "main.js"), 'import { value } from "./lib/value.js";\nwindow.value = value;\n');
    fs.writeFileSync(path.join(project, "hawser.json"), JSON.stringify({ scripts: ["scripts"], swift: [], output: "out" }));
    execFileSync(path.resolve(process.env.HAWSER_BIN), ["build"], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
    const bundle = fs.readFileSync(path.join(project, "out", "main.js"), "utf8");
    // The header and the wrapper's opening line come first (ScriptTemplates.wrap).
    const inside = bundle.split("\n").slice(2).join("\n");
    const registry = emittedRegistry();
    assert.ok(inside.startsWith(registry), "the bundle's registry is not the file's code lines:\n" + inside.slice(0, 400));
    assert.match(inside.slice(registry.length), /^__hawser_modules\.define\(0, "esm", /);
    assert.ok(!registry.includes("//"), "no comment is emitted");
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
});
