"use strict";
// User scripts with top-level `await`, as the built `hawser build` ($HAWSER_BIN, see
// load-runtime.js) compiles them: wrapped in an async function, they run, await a native reply,
// and a rejection or a throw is reported under the script's name, as in any other script.

const test = require("node:test");
const assert = require("node:assert/strict");
const vm = require("node:vm");
const { buildScripts, loadRuntime, flush } = require("./load-runtime.js");

/** Builds `scripts` (file name -> source) and returns the emitted file of each, by file name. */
const compile = (scripts) => buildScripts(scripts, { registered: ["readFile"] });

const SOURCES = {
  "reads.js": 'const text = await hawser.call("readFile", { path: "notes.txt" });\nwindow.readText = text;\n',
  "rejects.js": 'window.beforeAwait = true;\nawait hawser.call("readFile", { path: "missing.txt" });\nwindow.afterRejection = true;\n',
  "throws.js": 'if (!window.never) throw new Error("thrown before any await");\nfor await (const x of []) {}\n',
  "nested.js": "async function later() { await 1; }\nwindow.nestedRan = typeof later;\n",
};
const emitted = compile(SOURCES);

function page() {
  return loadRuntime({ contract: { readFile: { kind: "request", transport: "reply" } }, handlers: { readFile: { reply: true } } });
}

test("a script with top-level await is wrapped in an async function; one with await only inside a function is not wrapped", () => {
  for (const name of ["reads.js", "rejects.js", "throws.js"]) {
    assert.ok(emitted[name].split("\n")[1].startsWith("(async function () { try {"), name);
  }
  // Its top-level declarations are published on the opening line (globals.test.js).
  assert.ok(emitted["reads.js"].split("\n")[1].includes("Object.defineProperties(globalThis, { text: { get() { return text; }"));
  // Nothing needs a function: emitted as written, one line after the header.
  assert.equal(emitted["nested.js"].split("\n")[1], "async function later() { await 1; }");
  // Two lines before the source, as for every wrapped script: positions stay source + 2.
  assert.equal(emitted["reads.js"].split("\n")[2], 'const text = await hawser.call("readFile", { path: "notes.txt" });');
});

test("the script runs, awaits the native reply and goes on with it", async () => {
  const p = page();
  vm.runInContext(emitted["reads.js"], p.context, { filename: "reads.js" });
  await flush();
  assert.equal(p.replies.length, 1);
  assert.match(JSON.stringify(p.replies[0].body), /"path":"notes\.txt"/);
  assert.equal(p.evaluate("window.readText"), undefined, "nothing after the await runs before the reply");
  p.replies[0].resolve("the notes");
  await flush();
  assert.equal(p.evaluate("window.readText"), "the notes");
  assert.deepEqual(p.errors, []);
});

test("a rejected await is reported with the script's name, and the rest of the script does not run", async () => {
  const p = page();
  vm.runInContext(emitted["rejects.js"], p.context, { filename: "rejects.js" });
  await flush();
  assert.equal(p.evaluate("window.beforeAwait"), true);
  p.replies[0].reject("no such file: missing.txt");
  await flush();
  assert.equal(p.evaluate("window.afterRejection"), undefined);
  assert.equal(p.errors.length, 1);
  assert.equal(p.errors[0][0], '[hawser] user script "rejects" failed:');
  assert.match(String(p.errors[0][1].message), /no such file: missing\.txt/);
});

test("a throw before the first await is reported with the script's name", async () => {
  const p = page();
  vm.runInContext(emitted["throws.js"], p.context, { filename: "throws.js" });
  await flush();
  assert.equal(p.errors.length, 1);
  assert.equal(p.errors[0][0], '[hawser] user script "throws" failed:');
  assert.equal(p.errors[0][1].message, "thrown before any await");
});
