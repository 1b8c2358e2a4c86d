"use strict";
// A user script's top-level declarations stay globals of its world after `hawser build`
// ($HAWSER_BIN, see load-runtime.js), as when WebKit injects the file unwrapped: the emitted
// scripts run one after the other in one vm context (one world of one frame), as WebKit runs
// the user scripts of a world, and native code's `evaluateJavaScript` is a script evaluated there.

const test = require("node:test");
const assert = require("node:assert/strict");
const vm = require("node:vm");
const { buildScripts } = require("./load-runtime.js");

/** Builds `scripts` (file name -> source) and returns the emitted file of each, by file name. */
const compile = (scripts) => buildScripts(scripts);

const GUARD = "// ==UserScript==\n// @match https://app.example.com/*\n// ==/UserScript==\n";

const SOURCES = {
  // The shape of NetNewsWire's main_ios.js: functions native code calls by name.
  "reader.js":
    "var activeImage = null;\nlet clicks = 0;\nconst selector = \"img\";\nclass Viewer {}\n" +
    "function hideClickedImage() { clicks += 1; return \"hidden \" + clicks; }\n" +
    "function selectedHTML() { return \"<b>sel</b>\"; }\n",
  "strict.js": '"use strict";\nfunction isStrict() { return this === undefined; }\nvar topThis = this;\n',
  "calls-reader.js": "var fromSecond = hideClickedImage();\n",
  // The same declarations behind a location guard: wrapped, and published from inside.
  "guarded.js":
    GUARD +
    '"use strict";\nvar visits = 1;\nlet mood = "calm";\nconst { theme, sizes: [small, ...larger] } = { theme: "dark", sizes: [1, 2, 3] };\n' +
    "class Reader {}\nfunction guardedStrict() { return this === undefined; }\nvar guardedThis = this;\n" +
    "function bumpVisits() { visits += 1; return visits; }\nfunction readMood() { return mood; }\n" +
    "if (visits) { let blockScoped = 1; var nested = blockScoped; }\n",
  "calls-guarded.js": "var guardedFromSecond = bumpVisits();\n",
  "elsewhere.js": "// ==UserScript==\n// @match https://other.example.org/*\n// ==/UserScript==\nfunction onlyElsewhere() {}\nvar elsewhereVar = 1;\n",
  // Top-level await: async wrapper, globals published before the first await.
  "awaits.js":
    '"use strict";\nfunction awaitsStrict() { return this === undefined; }\nfunction late() { return settled; }\n' +
    "await new Promise((resolve) => setTimeout(resolve, 20));\nlet settled = \"after the await\";\n",
};
const emitted = compile(SOURCES);

/** A fresh world: one vm context at `href`, and a way to run emitted scripts in it in order. */
function world(href = "https://app.example.com/article") {
  const errors = [];
  const context = vm.createContext({
    location: { href },
    console: { error: (...args) => errors.push(args), log() {} },
    setTimeout,
  });
  const run = (...names) => { for (const name of names) vm.runInContext(emitted[name], context, { filename: name }); };
  const evaluate = (source) => vm.runInContext(source, context);
  return { context, errors, run, evaluate };
}

test("a script without guard or top-level await is emitted as written, one line after the header", () => {
  assert.equal(emitted["reader.js"].split("\n")[1], "var activeImage = null;");
  assert.equal(emitted["strict.js"].split("\n")[1], '"use strict";');
});

test("its top-level declarations are the world's globals, as native evaluateJavaScript sees them", () => {
  const w = world();
  w.run("reader.js");
  assert.equal(w.evaluate("typeof hideClickedImage"), "function");
  assert.equal(w.evaluate("hideClickedImage();"), "hidden 1");
  assert.equal(w.evaluate("selectedHTML()"), "<b>sel</b>");
  assert.equal(w.evaluate("clicks"), 1, "a let is a global lexical binding");
  assert.equal(w.evaluate("selector"), "img");
  assert.equal(w.evaluate("typeof Viewer"), "function");
  assert.equal(w.evaluate("'activeImage' in globalThis && !('clicks' in globalThis)"), true, "var on the global object, let not");
  w.run("calls-reader.js");
  assert.equal(w.evaluate("fromSecond"), "hidden 2", "a second script calls the first one's function");
  assert.deepEqual(w.errors, []);
});

test('a leading "use strict" stays effective, and the top-level this is the global object', () => {
  const w = world();
  w.run("strict.js");
  assert.equal(w.evaluate("isStrict()"), true);
  assert.equal(w.evaluate("topThis === globalThis"), true);
});

test("a guarded script keeps its wrapper, its strictness, and publishes every top-level name", () => {
  const lines = emitted["guarded.js"].split("\n");
  assert.match(lines[1], /^\(function \(\) \{ "use strict"; if \(!\(.*\)\) \{ return; \} try \{ Object\.defineProperties\(globalThis, \{ /);
  assert.equal(lines[2], GUARD.split("\n")[0], "the source starts on line 3, as before");
  const w = world();
  w.run("guarded.js");
  assert.deepEqual(w.errors, []);
  assert.equal(w.evaluate("typeof bumpVisits"), "function");
  assert.deepEqual(JSON.parse(w.evaluate("JSON.stringify([visits, mood, theme, small, larger.join(), typeof Reader, nested])")), [1, "calm", "dark", 1, "2,3", "function", 1]);
  assert.equal(w.evaluate("typeof blockScoped"), "undefined", "a block's let is not top level");
  assert.equal(w.evaluate("guardedStrict()"), true, "the directive is the wrapper function's own");
  assert.equal(w.evaluate("guardedThis === globalThis"), true, "the wrapper is called with the script's this");
  // Live bindings both ways.
  assert.equal(w.evaluate("bumpVisits()"), 2);
  assert.equal(w.evaluate("visits"), 2, "a later assignment inside is seen outside");
  w.evaluate("visits = 10; mood = 'stormy';");
  assert.equal(w.evaluate("bumpVisits()"), 11, "an assignment outside is the binding's");
  assert.equal(w.evaluate("readMood()"), "stormy");
  assert.throws(() => w.evaluate("theme = 'light'"), (error) => error.name === "TypeError");
  assert.throws(() => w.evaluate("Reader = null"), (error) => error.name === "TypeError");
  assert.equal(w.evaluate("theme"), "dark");
  w.run("calls-guarded.js");
  assert.equal(w.evaluate("guardedFromSecond"), 12, "a second script calls the first one's function");
  // Configurable, so a later script may redeclare the name, as it may a var of another script.
  assert.equal(w.evaluate("Object.getOwnPropertyDescriptor(globalThis, 'visits').configurable"), true);
});

test("a script whose guard does not match declares nothing", () => {
  const w = world();
  w.run("elsewhere.js");
  assert.equal(w.evaluate("typeof onlyElsewhere + typeof elsewhereVar"), "undefinedundefined");
  const there = world("https://other.example.org/page");
  there.run("elsewhere.js");
  assert.equal(there.evaluate("typeof onlyElsewhere + typeof elsewhereVar"), "functionnumber");
});

test("a top-level-await script publishes its names at once: functions callable, a let in its dead zone until the await resumes", async () => {
  assert.match(emitted["awaits.js"].split("\n")[1], /^\(async function \(\) \{ "use strict"; try \{ Object\.defineProperties/);
  const w = world();
  w.run("awaits.js");
  assert.equal(w.evaluate("awaitsStrict()"), true);
  assert.throws(() => w.evaluate("late()"), (error) => error.name === "ReferenceError");
  assert.throws(() => w.evaluate("settled"), (error) => error.name === "ReferenceError", "read before its declaration ran");
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(w.evaluate("late()"), "after the await");
  assert.equal(w.evaluate("settled"), "after the await");
  assert.deepEqual(w.errors, []);
});
