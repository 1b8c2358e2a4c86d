"use strict";
// Runs classic scripts, in order, in one fresh `vm` context that imitates a WKWebView frame,
// and prints what they did as JSON. Used by Tests/Modules/compare_bundlers.py (bundled module
// fixtures) and Benchmarks/test262_modules.py (test262's module tests).
//
//   node Tests/Modules/run-scripts.js SPEC.json
//
// SPEC.json: { "scripts": [{ "path": "…", "filename": "…" }, …], "test262": false }
//   filename (optional) is the name errors and stacks show; it defaults to path.
//   test262: true adds test262's host hooks ($262, print).
//
// The context: `window` and `self` are the global; `window.webkit.messageHandlers` answers any
// name with a handler whose postMessage records { handler, body } (body structured-cloned) and
// resolves to undefined; console.error is recorded; crypto is node's webcrypto; timers are real
// and counted, so the run waits for them. Each script is compiled with `new vm.Script` (so a
// script that is not a valid classic script is a "parse" error, and the next script still runs,
// as in a browser) and then run. After the last one the run waits until the event loop is
// quiet (no timer pending and nothing new for a few turns, or 5 s at most).
//
// Output (one line of JSON on stdout):
//   { "messages": [{ "handler", "body" }], "errors": [{ "kind", "script", "name", "message" }],
//     "prints": ["…"] }
// kind is "parse" (the script did not compile), "throw" (it threw while running),
// "console.error" (something called console.error: Hawser's wrapper reports a script's error
// that way; name and message are those of the last non-string argument, text all arguments),
// or "unhandled" (a promise rejected and nobody handled it).

const fs = require("node:fs");
const vm = require("node:vm");
const { webcrypto } = require("node:crypto");

const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const messages = [];
const errors = [];
const prints = [];
let current = null;
let activity = 0;

/** The constructor name (or name) and message of a thrown value, from any realm. */
function describe(value) {
  if (value !== null && (typeof value === "object" || typeof value === "function")) {
    let name;
    try {
      name = (value.constructor && value.constructor.name) || value.name;
    } catch (_) {
      name = undefined;
    }
    let message;
    try {
      message = value.message === undefined ? String(value) : String(value.message);
    } catch (_) {
      message = "(unprintable)";
    }
    return { name: name || typeof value, message };
  }
  return { name: typeof value, message: String(value) };
}

function record(kind, value, extra = {}) {
  activity++;
  errors.push({ kind, script: current, ...describe(value), ...extra });
}

function clone(body) {
  if (body === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(structuredClone(body)));
  } catch (error) {
    return { unserialisable: String(error) };
  }
}

// Timers: real ones, counted, so the run can wait for those pending.
const pending = new Set();
function addTimer(fn, ms, args, repeat) {
  const handle = (repeat ? setInterval : setTimeout)(() => {
    if (!repeat) pending.delete(handle);
    activity++;
    if (typeof fn === "function") fn(...args);
  }, ms);
  pending.add(handle);
  return handle;
}
function clearTimer(handle) {
  pending.delete(handle);
  clearTimeout(handle);
}

const messageHandlers = new Proxy(
  {},
  {
    get(_, name) {
      if (typeof name !== "string") return undefined;
      return {
        postMessage(body) {
          activity++;
          messages.push({ handler: name, body: clone(body) });
          return Promise.resolve(undefined);
        },
      };
    },
    has: (_, name) => typeof name === "string",
  }
);

const sandbox = {
  console: {
    error: (...args) => {
      const error = [...args].reverse().find((arg) => typeof arg !== "string");
      record("console.error", error === undefined ? args.join(" ") : error, {
        text: args.map((arg) => (typeof arg === "string" ? arg : describe(arg).name + ": " + describe(arg).message)).join(" "),
      });
    },
    warn: () => {},
    log: () => {},
    info: () => {},
    debug: () => {},
  },
  crypto: webcrypto,
  setTimeout: (fn, ms, ...args) => addTimer(fn, ms, args, false),
  setInterval: (fn, ms, ...args) => addTimer(fn, ms, args, true),
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  queueMicrotask,
  structuredClone,
  TextEncoder,
  TextDecoder,
  URL,
  URLSearchParams,
  atob,
  btoa,
  EventTarget,
  Event,
  CustomEvent,
  webkit: { messageHandlers },
};
const context = vm.createContext(sandbox);
vm.runInContext(
  "globalThis.window = globalThis; globalThis.self = globalThis;" +
    "globalThis.Node = class Node extends EventTarget {};" +
    "globalThis.document = new Node();",
  context
);

if (spec.test262) {
  context.print = (...args) => {
    activity++;
    prints.push(args.map(String).join(" "));
  };
  vm.runInContext(
    "globalThis.$262 = { global: globalThis, gc() {}, agent: {}, detachArrayBuffer() { throw new TypeError('detachArrayBuffer is not supported'); } };",
    context
  );
  context.$262.evalScript = (code) => new vm.Script(code).runInContext(context);
  context.$262.createRealm = () => {
    throw new context.TypeError("createRealm is not supported");
  };
}

process.on("unhandledRejection", (reason) => record("unhandled", reason));

for (const script of spec.scripts) {
  current = script.filename || script.path;
  let compiled;
  try {
    compiled = new vm.Script(fs.readFileSync(script.path, "utf8"), { filename: current });
  } catch (error) {
    record("parse", error);
    continue;
  }
  try {
    compiled.runInContext(context);
  } catch (error) {
    record("throw", error);
  }
}
current = null;

(async () => {
  const deadline = Date.now() + 5000;
  let quiet = 0;
  while (Date.now() < deadline && (pending.size > 0 || quiet < 5)) {
    const before = activity;
    await new Promise((resolve) => setImmediate(resolve));
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 1));
    quiet = activity === before ? quiet + 1 : 0;
  }
  process.stdout.write(JSON.stringify({ messages, errors, prints }) + "\n", () => process.exit(0));
})();
