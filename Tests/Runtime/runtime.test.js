"use strict";
// Behaviour of Hawser's injected runtime (Sources/HawserCore/Compile/Templates/hawser-runtime.js),
// as the built `hawser build` emits it ($HAWSER_BIN, see load-runtime.js), run in a vm context
// with a fake window.webkit.messageHandlers and fake timers.

const test = require("node:test");
const assert = require("node:assert/strict");
const { loadRuntime, readTemplate, renderRuntime, flush } = require("./load-runtime.js");

const SETTLE_CONTRACT = {
  readFile: { kind: "request", transport: "settle" },
  openURL: { kind: "request", transport: "settle" },
  getInfo: { kind: "request", transport: "reply" },
  log: { kind: "message", transport: "reply" },
};

function standard(extra = {}) {
  return loadRuntime({
    contract: SETTLE_CONTRACT,
    handlers: {
      readFile: { reply: false },
      openURL: { reply: false },
      getInfo: { reply: true },
      log: { reply: false },
      state: { reply: false },
    },
    ...extra,
  });
}

/** The rejection reason of `promise` (fails if it resolves). */
async function rejection(promise) {
  try {
    const value = await promise;
    assert.fail(`expected a rejection, got ${JSON.stringify(value)}`);
  } catch (error) {
    return error;
  }
}

/** Tracks whether `promise` has settled yet. */
function track(promise) {
  const state = { settled: false, value: undefined, error: undefined };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error })
  );
  return state;
}

const API_KEYS = ["call", "contract", "emit", "forwardEvent", "on", "post", "settle", "syncState", "version"];

// ---------------------------------------------------------------------------------------------
// Template

test("template: every placeholder appears as an expression; rendered output has none left", () => {
  const template = readTemplate();
  for (const placeholder of ["/*@global*/", "/*@timeoutMs*/", "/*@defaultTransport*/", "/*@contract*/"]) {
    assert.equal(template.split(placeholder).length, 2, `${placeholder} appears exactly once`);
    assert.ok(template.includes(` = ${placeholder}`), `${placeholder} is a constant's value`);
  }
  const rendered = renderRuntime({ contract: SETTLE_CONTRACT });
  assert.doesNotMatch(rendered, /\/\*@/);
  assert.ok(rendered.endsWith("})();\n") && !rendered.endsWith("\n\n"));
  // The file's notes (its first lines, up to an empty line) are not emitted.
  // The emitted header names the file the user finds in the output, not a source of Hawser's.
  assert.match(template, /^\/\/ hawser-runtime\.js: the template [^]*?\n\n\/\/ hawser-runtime\.js: Hawser's promise runtime/);
  assert.match(rendered, /^\/\/ hawser-runtime\.js: Hawser's promise runtime/);
  assert.doesNotMatch(rendered, /RuntimeTemplate\.swift/);
});

test("template: avoids syntax and APIs Safari 14 lacks", () => {
  const code = readTemplate()
    .split("\n")
    .filter((line) => !line.trim().startsWith("//") && !line.trim().startsWith("*") && !line.trim().startsWith("/**"))
    .join("\n");
  for (const banned of [/Object\.hasOwn\b/, /structuredClone/, /\.at\(/, /#[A-Za-z_]/, /\bawait\b/, /\.replaceAll\(/, /\?\?=|\|\|=|&&=/]) {
    assert.doesNotMatch(code, banned);
  }
});

test("install: only the global is added, non-enumerable, non-writable, non-configurable", () => {
  const h = standard();
  const added = Object.getOwnPropertyNames(h.context).filter((name) => !h.globalsBefore.includes(name));
  assert.deepEqual(added, ["hawser"]);
  const descriptor = Object.getOwnPropertyDescriptor(h.context, "hawser");
  assert.equal(descriptor.writable, false);
  assert.equal(descriptor.configurable, false);
  assert.equal(descriptor.enumerable, false);
  assert.deepEqual(Object.keys(h.api).sort(), API_KEYS);
  assert.equal(h.api.version, "1");
});

test("install: the API is frozen and cannot be replaced from strict page code", () => {
  const h = standard();
  assert.ok(Object.isFrozen(h.api));
  assert.ok(Object.isFrozen(h.api.contract));
  assert.ok(Object.isFrozen(h.api.contract.readFile));
  assert.ok(Object.isFrozen(h.api.call));
  assert.throws(() => h.evaluate('"use strict"; hawser = {};'), (error) => error.name === "TypeError");
  assert.throws(() => h.evaluate('"use strict"; hawser.call = null;'), (error) => error.name === "TypeError");
  assert.throws(() => h.evaluate('"use strict"; hawser.contract.readFile.transport = "reply";'), (error) => error.name === "TypeError");
  // (node's vm global does not throw on a strict-mode delete of a non-configurable property the
  // way a browser does, so check the outcome instead.)
  h.evaluate("delete globalThis.hawser; globalThis.hawser = 1;");
  assert.equal(h.context.hawser, h.api);
});

test("install: contract is a frozen copy of the table", () => {
  const h = standard();
  assert.deepEqual(JSON.parse(JSON.stringify(h.api.contract)), {
    getInfo: { kind: "request", transport: "reply" },
    log: { kind: "message", transport: "reply" },
    openURL: { kind: "request", transport: "settle" },
    readFile: { kind: "request", transport: "settle" },
  });
});

test("install: a second injection is a no-op and pending calls still settle", async () => {
  const h = standard();
  const first = h.api;
  const pending = h.api.call("readFile", { path: "/a" });
  await flush();
  const id = h.bodies("readFile")[0].id;

  assert.doesNotThrow(() => h.inject());
  assert.equal(h.context.hawser, first);
  assert.ok(Object.isFrozen(h.context.hawser));
  assert.deepEqual(h.errors, []);
  assert.equal(h.context.hawser.settle(id, "contents"), true);
  assert.equal(await pending, "contents");
});

test("install: a custom global name", async () => {
  const h = loadRuntime({ global: "bridge$2", handlers: { getInfo: { reply: true } } });
  assert.equal(h.context.hawser, undefined);
  assert.equal(typeof h.context.bridge$2.call, "function");
  const added = Object.getOwnPropertyNames(h.context).filter((name) => !h.globalsBefore.includes(name));
  assert.deepEqual(added, ["bridge$2"]);
  const result = h.api.call("getInfo");
  await flush();
  h.replies[0].resolve(7);
  assert.equal(await result, 7);
});

// hawser.json takes only an ASCII identifier as runtime.global, so a global needing escapes is
// tested by RuntimeTemplateTests.testRenderedOutputPassesNodeCheck; handler names may hold anything.
test("install: a handler name needing escapes", () => {
  const name = 'odd "name"\\\u2028';
  const h = loadRuntime({ contract: { [name]: { kind: "request", transport: "settle" } } });
  assert.equal(h.api.version, "1");
  assert.deepEqual(JSON.parse(JSON.stringify(h.api.contract[name])), { kind: "request", transport: "settle" });
});

// ---------------------------------------------------------------------------------------------
// call: reply transport

test("call/reply: posts the payload and resolves with native's value", async () => {
  const h = standard();
  const result = h.api.call("getInfo", { verbose: true });
  await flush();
  assert.deepEqual(h.bodies("getInfo"), [{ verbose: true }]);
  h.replies[0].resolve({ model: "iPhone", keys: [1, 2] });
  assert.deepEqual(await result, { model: "iPhone", keys: [1, 2] });
  assert.equal(h.clock.size, 0, "the timeout timer is cleared");
});

test("call/reply: a native error rejects with code native and native's exact message", async () => {
  const h = standard();
  const result = h.api.call("getInfo", null);
  await flush();
  h.replies[0].reject("Permission denied: camera");
  const error = await rejection(result);
  assert.equal(error.code, "native");
  assert.equal(error.handler, "getInfo");
  assert.equal(error.message, "Permission denied: camera");
  assert.ok(error instanceof h.evaluate("Error"));
});

test("call/reply: times out after the default timeout; a late reply changes nothing", async () => {
  const h = standard({ timeoutMs: 5000 });
  const state = track(h.api.call("getInfo", 1));
  await flush();
  h.clock.advance(4999);
  await flush();
  assert.equal(state.settled, false);
  h.clock.advance(1);
  await flush();
  assert.equal(state.error.code, "timeout");
  assert.equal(state.error.handler, "getInfo");
  assert.match(state.error.message, /getInfo/);
  h.replies[0].resolve("late");
  await flush();
  assert.equal(state.value, undefined);
  assert.equal(state.error.code, "timeout");
});

// ---------------------------------------------------------------------------------------------
// call: settle transport

test("call/settle: posts {id, payload} with a fresh 128-bit hex id and resolves the right call", async () => {
  const h = standard();
  const first = h.api.call("readFile", { path: "/one" });
  const second = h.api.call("readFile", { path: "/two" });
  await flush();
  const [a, b] = h.bodies("readFile");
  assert.deepEqual(Object.keys(a).sort(), ["id", "payload"]);
  assert.match(a.id, /^[0-9a-f]{32}$/);
  assert.match(b.id, /^[0-9a-f]{32}$/);
  assert.notEqual(a.id, b.id);
  assert.deepEqual(a.payload, { path: "/one" });
  assert.deepEqual(b.payload, { path: "/two" });

  assert.equal(h.api.settle(b.id, "two"), true);
  assert.equal(h.api.settle(a.id, "one", null), true);
  assert.equal(await first, "one");
  assert.equal(await second, "two");
  assert.equal(h.api.settle(a.id, "again"), false, "a finished id is ignored");
  assert.equal(h.clock.size, 0);
});

test("call/settle: an undefined payload is posted as null", async () => {
  const h = standard();
  h.api.call("readFile");
  await flush();
  assert.equal(h.bodies("readFile")[0].payload, null);
});

test("call/settle: an error message rejects with code native and that exact message", async () => {
  const h = standard();
  const result = h.api.call("readFile", { path: "/missing" });
  await flush();
  const id = h.bodies("readFile")[0].id;
  assert.equal(h.api.settle(id, "ignored", "No such file: /missing"), true);
  const error = await rejection(result);
  assert.equal(error.code, "native");
  assert.equal(error.handler, "readFile");
  assert.equal(error.message, "No such file: /missing");
});

test("call/settle: an empty error message still rejects; undefined and null mean success", async () => {
  const h = standard();
  const failed = h.api.call("readFile", 1);
  const ok = h.api.call("readFile", 2);
  await flush();
  const [a, b] = h.bodies("readFile");
  assert.equal(h.api.settle(a.id, "x", ""), true);
  assert.equal(h.api.settle(b.id, undefined, undefined), true);
  const error = await rejection(failed);
  assert.equal(error.code, "native");
  assert.equal(error.message, "");
  assert.equal(await ok, undefined);
});

test("call/settle: timeout removes the pending entry; a late settle returns false", async () => {
  const h = standard();
  const state = track(h.api.call("readFile", { path: "/slow" }));
  await flush();
  const id = h.bodies("readFile")[0].id;
  h.clock.advance(29999);
  await flush();
  assert.equal(state.settled, false);
  h.clock.advance(1);
  await flush();
  assert.equal(state.error.code, "timeout");
  assert.equal(state.error.handler, "readFile");
  assert.equal(h.api.settle(id, "late"), false);
  await flush();
  assert.equal(state.value, undefined);
  assert.equal(state.error.code, "timeout");
});

test("call/settle: nothing of a finished call stays reachable (timeout or settle)", async (t) => {
  // The pending table is private, so observe it through the garbage collector: a call's pending
  // entry keeps the call's payload alive, and the payload must become collectable once the call
  // timed out or was settled.
  const v8 = require("node:v8");
  const vm = require("node:vm");
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  if (typeof gc !== "function") {
    t.skip("gc is not available");
    return;
  }
  const h = standard();
  // Each call is started in its own function so no stale local of this test keeps a payload alive.
  function start(finishBy) {
    const payload = { big: new Array(1000).fill(finishBy) };
    h.api.call("readFile", payload, { timeoutMs: 10 }).catch(() => {});
    const bodies = h.bodies("readFile");
    const id = bodies[bodies.length - 1].id;
    if (finishBy === "settle") h.api.settle(id, 1);
    if (finishBy === "native error") h.api.settle(id, null, "no");
    return new WeakRef(payload);
  }
  const refs = ["timeout", "settle", "native error"].map(start);
  h.clock.advance(10);
  // A control call that is still pending must keep its payload alive.
  const keptRef = (() => {
    const kept = { still: "pending" };
    h.api.call("readFile", kept, { timeoutMs: 0 }).catch(() => {});
    return new WeakRef(kept);
  })();
  await flush();
  for (let i = 0; i < 5; i += 1) {
    gc();
    await flush();
  }
  assert.deepEqual(refs.map((ref) => ref.deref() === undefined), [true, true, true]);
  assert.notEqual(keptRef.deref(), undefined, "a pending call keeps its payload");
});

test("call/settle: unknown, malformed and missing ids are ignored", () => {
  const h = standard();
  assert.equal(h.api.settle("0".repeat(32), 1), false);
  assert.equal(h.api.settle(undefined), false);
  assert.equal(h.api.settle({}), false);
  assert.equal(h.api.settle(), false);
});

test("call: handlers not in the contract use the default transport", async () => {
  const h = loadRuntime({ defaultTransport: "settle", handlers: { extra: { reply: false } } });
  const result = h.api.call("extra", [1]);
  await flush();
  const [body] = h.bodies("extra");
  assert.deepEqual(body.payload, [1]);
  h.api.settle(body.id, "done");
  assert.equal(await result, "done");

  const reply = loadRuntime({ handlers: { extra: { reply: true } } });
  const replied = reply.api.call("extra", [1]);
  await flush();
  assert.deepEqual(reply.bodies("extra"), [[1]]);
  reply.replies[0].resolve("ok");
  assert.equal(await replied, "ok");
});

test("call: a settle handler whose post promise rejects fails the call with code native", async () => {
  const h = loadRuntime({ contract: { r: { kind: "request", transport: "settle" } }, handlers: { r: { reply: true } } });
  const result = h.api.call("r", 1);
  await flush();
  h.replies[0].reject("handler failed");
  const error = await rejection(result);
  assert.equal(error.code, "native");
  assert.equal(error.message, "handler failed");
});

// ---------------------------------------------------------------------------------------------
// call: timeouts

test("call: a per-call timeoutMs overrides the default", async () => {
  const h = standard();
  const short = track(h.api.call("readFile", 1, { timeoutMs: 50 }));
  const long = track(h.api.call("getInfo", 1, { timeoutMs: 60000 }));
  await flush();
  h.clock.advance(50);
  await flush();
  assert.equal(short.error.code, "timeout");
  h.clock.advance(30000);
  await flush();
  assert.equal(long.settled, false, "not timed out at the default 30000 ms");
  h.clock.advance(29950);
  await flush();
  assert.equal(long.error.code, "timeout");
});

test("call: timeoutMs 0 never times out, per call and as the default", async () => {
  const h = standard();
  const state = track(h.api.call("readFile", 1, { timeoutMs: 0 }));
  await flush();
  assert.equal(h.clock.size, 0, "no timer scheduled");
  h.clock.advance(10 * 24 * 3600 * 1000);
  await flush();
  assert.equal(state.settled, false);
  assert.equal(h.api.settle(h.bodies("readFile")[0].id, "finally"), true);
  await flush();
  assert.equal(state.value, "finally");

  const none = standard({ timeoutMs: 0 });
  const pending = track(none.api.call("getInfo"));
  await flush();
  none.clock.advance(10 * 24 * 3600 * 1000);
  await flush();
  assert.equal(pending.settled, false);
  assert.equal(none.clock.size, 0);
});

test("call: an invalid timeoutMs falls back to the default", async () => {
  const h = standard({ timeoutMs: 100 });
  const states = [{ timeoutMs: -1 }, { timeoutMs: "5" }, { timeoutMs: NaN }, null, 5].map((options) =>
    track(h.api.call("getInfo", 1, options))
  );
  await flush();
  h.clock.advance(99);
  await flush();
  assert.ok(states.every((state) => !state.settled));
  h.clock.advance(1);
  await flush();
  assert.ok(states.every((state) => state.error && state.error.code === "timeout"));
});

// ---------------------------------------------------------------------------------------------
// call: unavailable

test("call: outside the app (no window.webkit) rejects with code unavailable", async () => {
  const h = loadRuntime({ webkit: false, contract: SETTLE_CONTRACT });
  const error = await rejection(h.api.call("readFile", { path: "/a" }));
  assert.equal(error.code, "unavailable");
  assert.equal(error.handler, "readFile");
  assert.match(error.message, /"readFile"/);
  assert.match(error.message, /only available inside the app/);
  assert.equal(h.api.post("readFile", 1), false);
  assert.equal(h.clock.size, 0);
});

test("call: an unregistered name rejects with code unavailable", async () => {
  const h = standard();
  const error = await rejection(h.api.call("nope", 1));
  assert.equal(error.code, "unavailable");
  assert.equal(error.handler, "nope");
  assert.match(error.message, /"nope"/);
  assert.match(error.message, /only available inside the app/);
  const inherited = await rejection(h.api.call("toString"));
  assert.equal(inherited.code, "unavailable");
  assert.deepEqual(h.posts, []);
});

test("call: never throws synchronously, whatever the arguments", async () => {
  const h = standard();
  const weird = [
    [],
    [undefined, undefined, undefined],
    [42],
    [Symbol("x")],
    [{}, {}],
    ["getInfo", 1, { get timeoutMs() { throw new Error("boom"); } }],
    ["readFile", () => {}],
  ];
  for (const args of weird) {
    let promise;
    assert.doesNotThrow(() => {
      promise = h.api.call(...args);
    });
    assert.equal(typeof promise.then, "function");
    promise.catch(() => {});
  }
  const error = await rejection(h.api.call());
  assert.equal(error.code, "unavailable");
});

// ---------------------------------------------------------------------------------------------
// call: serialization

test("call: unpostable payloads reject with code serialization and post nothing", async () => {
  const h = standard();
  const cyclic = { a: 1 };
  cyclic.self = cyclic;
  const cyclicArray = [1];
  cyclicArray.push([cyclicArray]);
  const cases = [
    [() => 1, /payload is a function/],
    [Symbol("s"), /payload is a symbol/],
    [10n, /payload is a BigInt/],
    [cyclic, /payload\.self .*cyclic/],
    [cyclicArray, /payload\[1\]\[0\] .*cyclic/],
    [{ nested: { list: [1, { cb() {} }] } }, /payload\.nested\.list\[1\]\.cb is a function/],
    [{ "odd key": Symbol.iterator }, /payload\["odd key"\] is a symbol/],
    [{ n: 1n }, /payload\.n is a BigInt/],
    [{ node: h.context.document }, /payload\.node is a DOM node/],
    [{ win: h.evaluate("window") }, /payload\.win is a window object/],
    [new Map(), /payload is a Map object/],
    [{ list: [1, undefined] }, /payload\.list\[1\] is undefined/],
  ];
  for (const transport of ["readFile", "getInfo"]) {
    for (const [payload, message] of cases) {
      const error = await rejection(h.api.call(transport, payload));
      assert.equal(error.code, "serialization", String(message));
      assert.equal(error.handler, transport);
      assert.match(error.message, message);
    }
  }
  assert.deepEqual(h.posts, []);
  assert.deepEqual(h.dropped, []);
  assert.equal(h.clock.size, 0);
});

test("call: undefined object properties are left out, as JSON leaves them out", async () => {
  const h = standard();
  assert.equal(h.api.post("log", { path: "a.txt", mode: undefined }), true);
  assert.equal(h.posts.length, 1);
});

test("call: a postMessage that throws is reported as serialization", async () => {
  const h = loadRuntime({
    contract: { s: { kind: "request", transport: "settle" } },
    handlers: { r: { reply: true, throwOnPost: "DataCloneError" }, s: { throwOnPost: "DataCloneError" } },
  });
  for (const name of ["r", "s"]) {
    const error = await rejection(h.api.call(name, 1));
    assert.equal(error.code, "serialization");
    assert.match(error.message, /DataCloneError/);
  }
  assert.equal(h.clock.size, 0, "no timers left behind");
  assert.equal(h.api.post("r", 1), false);
});

test("call: every allowed kind of value is posted", async () => {
  const h = standard();
  const shared = { x: 1 };
  const payload = {
    nil: null,
    yes: true,
    n: -1.5,
    nan: NaN,
    inf: -Infinity,
    s: "text \u2028",
    date: new Date(86400000),
    list: [shared, shared, []],
    bare: Object.assign(Object.create(null), { k: "v" }),
    foreign: h.evaluate("({ fromPage: [new Date(0)] })"),
  };
  h.api.call("getInfo", payload);
  h.api.call("getInfo");
  await flush();
  const [posted, nothing] = h.bodies("getInfo");
  assert.equal(h.posts.length, 2);
  assert.equal(nothing, undefined);
  assert.ok(Number.isNaN(posted.nan));
  assert.equal(posted.inf, -Infinity);
  assert.equal(posted.date.getTime(), 86400000);
  assert.deepEqual(posted.list[0], { x: 1 });
  assert.equal(posted.bare.k, "v");
  assert.equal(posted.foreign.fromPage[0].getTime(), 0);
});

// ---------------------------------------------------------------------------------------------
// post

test("post: returns true and delivers the body; false when unavailable or unpostable", async () => {
  const h = standard();
  assert.equal(h.api.post("log", { level: "info", text: "hi" }), true);
  assert.equal(h.api.post("log"), true);
  assert.equal(h.api.post("nope", 1), false);
  assert.deepEqual(h.errors, [], "unavailable is not logged");
  assert.equal(h.api.post("log", { cb() {} }), false);
  assert.deepEqual(h.bodies("log"), [{ level: "info", text: "hi" }, undefined]);
  assert.equal(h.errors.length, 1);
  assert.match(String(h.errors[0][0]), /"log"/);
  assert.match(String(h.errors[0][0]), /payload\.cb is a function/);
  assert.doesNotThrow(() => h.api.post());
  assert.equal(h.api.post(), false);
});

test("post: a native error reply is logged, not left unhandled", async () => {
  const h = standard();
  assert.equal(h.api.post("getInfo", 1), true);
  h.replies[0].reject("bad");
  await flush();
  assert.equal(h.errors.length, 1);
  assert.match(String(h.errors[0][0]), /"getInfo".*bad/);
});

// ---------------------------------------------------------------------------------------------
// on / emit

test("on/emit: delivers detail to listeners in subscription order; unsubscribe works and is idempotent", () => {
  const h = standard();
  const seen = [];
  const offA = h.api.on("theme", (detail) => seen.push(["a", detail]));
  h.api.on("theme", (detail) => seen.push(["b", detail]));
  h.api.on("other", () => seen.push(["other"]));
  assert.equal(h.api.emit("theme", { dark: true }), 2);
  assert.deepEqual(seen, [["a", { dark: true }], ["b", { dark: true }]]);

  offA();
  offA();
  seen.length = 0;
  assert.equal(h.api.emit("theme", 1), 1);
  assert.deepEqual(seen, [["b", 1]]);
  assert.equal(h.api.emit("nobody", 1), 0);
  assert.ok(Object.isFrozen(offA));
});

test("on/emit: the same listener twice is called twice and unsubscribed separately", () => {
  const h = standard();
  let count = 0;
  const listener = () => count++;
  const off1 = h.api.on("e", listener);
  h.api.on("e", listener);
  assert.equal(h.api.emit("e"), 2);
  off1();
  assert.equal(h.api.emit("e"), 1);
  assert.equal(count, 3);
});

test("on/emit: a throwing listener does not stop the others and is reported", () => {
  const h = standard();
  const seen = [];
  h.api.on("e", () => seen.push(1));
  h.api.on("e", () => {
    throw new Error("listener broke");
  });
  h.api.on("e", () => seen.push(3));
  assert.equal(h.api.emit("e", null), 3);
  assert.deepEqual(seen, [1, 3]);
  assert.equal(h.errors.length, 1);
  assert.ok(h.errors[0].some((part) => part && part.message === "listener broke"));

  const withReport = standard({ reportError: true });
  withReport.api.on("e", () => {
    throw new Error("reported");
  });
  withReport.api.on("e", () => seen.push(4));
  assert.equal(withReport.api.emit("e"), 2);
  assert.equal(withReport.reported.length, 1);
  assert.equal(withReport.reported[0].message, "reported");
  assert.deepEqual(withReport.errors, []);
  assert.deepEqual(seen, [1, 3, 4]);
});

test("on/emit: a listener removed by an earlier listener during emit is not called", () => {
  const h = standard();
  const seen = [];
  let offSecond;
  h.api.on("e", () => {
    seen.push(1);
    offSecond();
  });
  offSecond = h.api.on("e", () => seen.push(2));
  assert.equal(h.api.emit("e"), 1);
  assert.deepEqual(seen, [1]);
});

test("on: a non-function listener is a TypeError", () => {
  const h = standard();
  assert.throws(() => h.api.on("e", 1), (error) => error.name === "TypeError");
});

// ---------------------------------------------------------------------------------------------
// forwardEvent

test("forwardEvent: posts the event's detail (null when absent); the remover stops it", () => {
  const h = standard();
  const stop = h.api.forwardEvent(h.context.document, "picked", "log");
  h.context.document.dispatchEvent(new CustomEvent("picked", { detail: { item: 3 } }));
  h.context.document.dispatchEvent(new Event("picked"));
  h.context.document.dispatchEvent(new CustomEvent("other", { detail: 1 }));
  assert.deepEqual(h.bodies("log"), [{ item: 3 }, null]);
  stop();
  stop();
  h.context.document.dispatchEvent(new CustomEvent("picked", { detail: 9 }));
  assert.equal(h.bodies("log").length, 2);
});

test("forwardEvent: an unpostable detail is logged, not thrown", () => {
  const h = standard();
  h.api.forwardEvent(h.context.document, "bad", "log");
  h.context.document.dispatchEvent(new CustomEvent("bad", { detail: () => {} }));
  assert.deepEqual(h.posts, []);
  assert.equal(h.errors.length, 1);
});

// ---------------------------------------------------------------------------------------------
// syncState

test("syncState: posts immediately and then only when the state changed (A A B B A -> A B A)", () => {
  const h = standard();
  const states = ["A", "A", "B", "B", "A"];
  let index = 0;
  h.api.syncState("state", () => ({ value: states[Math.min(index, states.length - 1)] }));
  assert.deepEqual(h.bodies("state"), [{ value: "A" }], "checked immediately");
  for (index = 1; index < states.length; index += 1) {
    h.clock.advance(1000);
  }
  assert.deepEqual(h.bodies("state"), [{ value: "A" }, { value: "B" }, { value: "A" }]);
});

test("syncState: checks at most once per interval; stop ends it", () => {
  const h = standard();
  let state = 1;
  let reads = 0;
  const stop = h.api.syncState("state", () => (reads++, state), { intervalMs: 250 });
  assert.equal(reads, 1);
  state = 2;
  h.clock.advance(249);
  assert.equal(reads, 1);
  assert.deepEqual(h.bodies("state"), [1]);
  h.clock.advance(1);
  assert.equal(reads, 2);
  assert.deepEqual(h.bodies("state"), [1, 2]);
  h.clock.advance(1000);
  assert.equal(reads, 6);
  stop();
  stop();
  state = 3;
  h.clock.advance(5000);
  assert.equal(reads, 6);
  assert.deepEqual(h.bodies("state"), [1, 2]);
  assert.equal(h.clock.size, 0);
});

test("syncState: default interval is 1000 ms", () => {
  const h = standard();
  let reads = 0;
  h.api.syncState("state", () => reads++);
  h.clock.advance(999);
  assert.equal(reads, 1);
  h.clock.advance(1);
  assert.equal(reads, 2);
});

test("syncState: a post to an unavailable handler is not recorded, so it is retried", () => {
  const h = standard();
  h.api.syncState("later", () => ({ ready: true }));
  assert.deepEqual(h.posts, []);
  h.register("later");
  h.clock.advance(1000);
  assert.deepEqual(h.bodies("later"), [{ ready: true }]);
  h.clock.advance(1000);
  assert.equal(h.bodies("later").length, 1);
});

test("syncState: a throwing getState is reported and skipped", () => {
  const h = standard();
  let fail = true;
  h.api.syncState("state", () => {
    if (fail) throw new Error("not ready");
    return "ok";
  });
  assert.deepEqual(h.posts, []);
  assert.equal(h.errors.length, 1);
  assert.ok(h.errors[0].some((part) => part && part.message === "not ready"));
  fail = false;
  h.clock.advance(1000);
  assert.deepEqual(h.bodies("state"), ["ok"]);
});

test("syncState: posts the JSON form of the state", () => {
  const h = standard();
  h.api.syncState("state", () => ({ when: new Date(0), skip: undefined, fn() {} }));
  assert.deepEqual(h.bodies("state"), [{ when: "1970-01-01T00:00:00.000Z" }]);
});
