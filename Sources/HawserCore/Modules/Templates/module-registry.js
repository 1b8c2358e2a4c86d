// module-registry.js: the module registry every bundled entry starts with. `hawser build` writes
// an entry that uses `import`, `export` or `require` as this registry, then one
// `__hawser_modules.define(...)` per module of its graph (ModuleLinker), then
// `__hawser_modules.load(<the entry's id>);` (`await __hawser_modules.load(id).done;` when the
// graph has top-level await), all inside the entry's usual wrapper (ScriptTemplates.wrap).
// Embedded in the binary at compile time (Package.swift: resources, .embedInCode); these notes
// end at the first empty line and are not emitted.
//
// No placeholders. The build leaves out every line that is only a `//` comment, so the comments
// below explain the registry to readers of this file without growing every bundle; code lines
// are emitted as they are. `node --test Tests/Runtime/` loads this file as it is
// (module-registry.test.js) and runs hand-written module functions through it.

// The registry: `define(id, kind, body, requires)` records a module function under its number;
// `load(id)` evaluates it, at most once per entry, and gives its record. Ids are the modules'
// places in evaluation order (dependencies first, depth first, each once); the entry has the
// last one.
var __hawser_modules = (function () {
  "use strict";
  // definitions[id]: { kind: "esm" | "cjs", body, requires }. records[id]: what load made of it,
  // created before the body runs, so a module asked for again (a cycle) is given as it is.
  var definitions = [], records = [];
  // requires: the `require("…")` calls of the module by specifier, each to a module id, as the
  // linker resolved them ({} when it has none).
  function define(id, kind, body, requires) { definitions[id] = { kind: kind, body: body, requires: requires || {} }; }
  // A module's own `require`: a specifier the linker did not resolve for this module throws, as
  // node's does. An ES module required from CommonJS gives its namespace; a CommonJS module
  // gives its `module.exports` as it is at that moment (a cycle can see it half-filled).
  function requireFor(id) {
    var table = definitions[id].requires;
    return function require(specifier) {
      if (!Object.prototype.hasOwnProperty.call(table, specifier)) { throw new Error("Cannot find module '" + specifier + "'"); }
      var record = load(table[specifier]);
      return record.namespace || record.module.exports;
    };
  }
  // What an ES module that imports a CommonJS module sees (the interop namespace, made once per
  // module, after it ran): `default` is `module.exports` itself, or its own `default` when the
  // module sets `__esModule` (a transpiled ES module); every other own key of `module.exports`
  // at that moment is a getter that reads `module.exports[key]` when used, so a later
  // `exports.x = …` is seen, as esbuild's and rollup's interop do.
  function interop(record) {
    if (!record.interop) {
      var exports = record.module.exports, namespace = Object.create(null);
      if (exports !== null && (typeof exports === "object" || typeof exports === "function")) {
        Object.keys(exports).forEach(function (key) {
          if (key !== "default") { Object.defineProperty(namespace, key, { get: function () { return exports[key]; }, enumerable: true }); }
        });
      }
      Object.defineProperty(namespace, "default", { value: exports && exports.__esModule ? exports.default : exports, enumerable: true });
      record.interop = namespace;
    }
    return record.interop;
  }
  // The `__hawser_import(target)` an ES module function gets: it loads a dependency and gives
  // what the module reads its imports through, an ES module's namespace or a CommonJS module's
  // interop namespace. The linker rewrites every use of an imported name to a property read of
  // it (`__hawser_m0.name`), which is what makes a binding live.
  //
  // In a graph with top-level await every ES module function is async, and awaits each
  // `__hawser_import(...)` in source order: what this gives for a dependency that has not
  // finished is a promise of its namespace, so the importer waits for it as the spec's async
  // module evaluation does. `waitingOn` is the module each module is waiting for, while it
  // waits (set while the dependency loads, kept while the importer awaits its promise, cleared
  // otherwise); when the chain of waits from the dependency leads back to this module, waiting
  // would never end (a cycle), and the namespace is given as it is, as a cycle of synchronous
  // modules gives it. A module that was given a namespace at once waits for nothing: of a cycle
  // of two, the one asked for second runs first and the other waits for it to finish, as in the
  // spec.
  function importerFor(id) {
    return function (target) {
      records[id].waitingOn = target;
      var record = load(target);
      if (record.namespace && record.done && !record.settled) {
        for (var at = target, steps = 0; at !== undefined && at !== id && !records[at].settled && steps <= records.length; at = records[at].waitingOn, steps++) {}
        if (at !== id) {
          return record.done.then(function () { records[id].waitingOn = undefined; return record.namespace; });
        }
      }
      records[id].waitingOn = undefined;
      return record.namespace || interop(record);
    };
  }
  // Evaluates module `id` the first time it is asked for; afterwards gives the same record.
  //
  // An ES module's function is `(__hawser_exports, __hawser_import, require)`. It first calls
  // `__hawser_exports({ name: () => local, ... })`, before anything else it does: that defines
  // the namespace's getters (sorted as the spec sorts a namespace's keys) and makes the
  // namespace non-extensible. Only then does it ask for its dependencies, so a module of a
  // cycle that reads this one before it ran finds every name: a hoisted function already
  // works, and a `let`, `const` or `class` not yet initialised throws the ReferenceError of its
  // temporal dead zone, as the spec has it. The body runs in strict mode with `this`
  // undefined. Its record is `{ namespace, done }`: `done` is the promise an async (top-level
  // await) module function returns, undefined for a synchronous one; `settled` is set once it
  // has finished either way.
  //
  // A CommonJS module's function is `(module, exports, require)` around its text, called with
  // `this` as `module.exports`, as node calls it; its record is `{ module }`. A JSON file is a
  // CommonJS module that sets `module.exports`.
  //
  // An exception in a module function is not caught here: it leaves `load`, through every module
  // that was loading it, to the entry's wrapper, which reports it under the entry's name; a
  // rejection of an async module reaches the entry's `await ... .done` the same way.
  function load(id) {
    var record = records[id];
    if (record) { return record; }
    var definition = definitions[id];
    if (definition.kind === "esm") {
      var namespace = Object.create(null);
      Object.defineProperty(namespace, Symbol.toStringTag, { value: "Module" });
      record = records[id] = { namespace: namespace };
      record.done = definition.body.call(undefined, function (getters) {
        Object.keys(getters).forEach(function (name) { Object.defineProperty(namespace, name, { get: getters[name], enumerable: true }); });
        Object.preventExtensions(namespace);
      }, importerFor(id), requireFor(id));
      if (record.done) { record.done.then(function () { record.settled = true; }, function () { record.settled = true; }); }
    } else {
      var module = { exports: {} };
      record = records[id] = { module: module };
      definition.body.call(module.exports, module, module.exports, requireFor(id));
    }
    return record;
  }
  return { define: define, load: load };
})();
