"use strict";
// Test helper: reads the runtime template out of RuntimeTemplate.swift, fills its placeholders,
// and runs it in a fresh vm context that imitates a WKWebView frame (or a desktop browser).

const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { webcrypto } = require("node:crypto");

const SWIFT_FILE = path.join(__dirname, "..", "..", "Sources", "HawserCore", "Compile", "RuntimeTemplate.swift");

/** The template: the lines between the `#"""` line and the `"""#` line, de-indented like Swift does. */
function readTemplate() {
  const lines = fs.readFileSync(SWIFT_FILE, "utf8").split("\n");
  const start = lines.findIndex((line) => line.trimEnd().endsWith('#"""'));
  const end = lines.findIndex((line, index) => index > start && line.trim() === '"""#');
  if (start === -1 || end === -1) {
    throw new Error("RuntimeTemplate.swift: raw string delimiters not found");
  }
  const indent = lines[end].slice(0, lines[end].indexOf('"'));
  return lines
    .slice(start + 1, end)
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
    .join("\n");
}

/** Fills the placeholders the way RuntimeTemplate.render does. */
function renderRuntime({ global = "hawser", timeoutMs = 30000, defaultTransport = "reply", contract = {} } = {}) {
  const sortedContract = {};
  for (const key of Object.keys(contract).sort()) {
    sortedContract[key] = contract[key];
  }
  const values = {
    __HAWSER_GLOBAL__: JSON.stringify(global),
    __HAWSER_TIMEOUT_MS__: String(timeoutMs),
    __HAWSER_DEFAULT_TRANSPORT__: JSON.stringify(defaultTransport),
    __HAWSER_CONTRACT__: JSON.stringify(sortedContract),
  };
  let source = readTemplate();
  for (const [placeholder, value] of Object.entries(values)) {
    if (!source.includes(placeholder)) {
      throw new Error(`template lacks ${placeholder}`);
    }
    source = source.split(placeholder).join(value);
  }
  return source.replace(/\n*$/, "\n");
}

/** Deterministic timers: nothing fires until `advance` is called. */
function createFakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map();
  function add(fn, ms, repeat) {
    const id = nextId++;
    const delay = Math.max(0, Number(ms) || 0);
    timers.set(id, { fn, at: now + delay, every: repeat ? Math.max(1, delay) : 0 });
    return id;
  }
  return {
    get now() {
      return now;
    },
    /** Number of scheduled timers (one-shot and repeating). */
    get size() {
      return timers.size;
    },
    setTimeout: (fn, ms) => add(fn, ms, false),
    setInterval: (fn, ms) => add(fn, ms, true),
    clearTimeout: (id) => void timers.delete(id),
    clearInterval: (id) => void timers.delete(id),
    /** Moves time forward by `ms`, firing due timers in order. */
    advance(ms) {
      const target = now + ms;
      for (;;) {
        let dueId = null;
        let due = null;
        for (const [id, timer] of timers) {
          if (timer.at <= target && (due === null || timer.at < due.at)) {
            dueId = id;
            due = timer;
          }
        }
        if (due === null) break;
        now = due.at;
        if (due.every) {
          due.at += due.every;
        } else {
          timers.delete(dueId);
        }
        due.fn();
      }
      now = target;
    },
  };
}

/**
 * Creates a context and injects the runtime.
 * options.handlers: { name: { reply: boolean, throwOnPost?: string } }; omitted handlers are unregistered.
 * options.webkit: false for a desktop browser (no window.webkit at all).
 * Runtime options (global, timeoutMs, defaultTransport, contract) go to renderRuntime.
 */
function loadRuntime(options = {}) {
  const clock = createFakeClock();
  const errors = [];
  const reported = [];
  /** Every message that reached "native": { name, body } with body structured-cloned into this realm. */
  const posts = [];
  /** Messages WebKit would silently drop (not structured-cloneable). */
  const dropped = [];
  /** Replies native owes, for handlers registered with reply: { name, body, resolve, reject }. */
  const replies = [];

  const sandbox = {
    console: {
      error: (...args) => errors.push(args),
      warn: () => {},
      log: () => {},
    },
    crypto: webcrypto,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    setInterval: clock.setInterval,
    clearInterval: clock.clearInterval,
    EventTarget,
    Event,
    CustomEvent,
  };
  if (options.reportError) {
    sandbox.reportError = (error) => reported.push(error);
  }
  const context = vm.createContext(sandbox);
  vm.runInContext(
    "globalThis.window = globalThis; globalThis.self = globalThis;" +
      "globalThis.Node = class Node extends EventTarget {};" +
      "globalThis.document = new Node();",
    context
  );
  const ContextError = vm.runInContext("Error", context);

  function makeHandler(name, config) {
    return {
      postMessage(body) {
        if (config.throwOnPost) {
          throw new ContextError(config.throwOnPost);
        }
        let copy;
        try {
          copy = structuredClone(body);
        } catch (_) {
          dropped.push({ name, body });
          return Promise.resolve(undefined);
        }
        posts.push({ name, body: copy });
        if (!config.reply) {
          return Promise.resolve(undefined);
        }
        return new Promise((resolve, reject) => {
          replies.push({
            name,
            body: copy,
            resolve,
            reject: (message) => reject(new ContextError(message)),
          });
        });
      },
    };
  }

  const messageHandlers = {};
  if (options.webkit !== false) {
    for (const [name, config] of Object.entries(options.handlers || {})) {
      messageHandlers[name] = makeHandler(name, config);
    }
    context.webkit = { messageHandlers };
  }

  const source = renderRuntime(options);
  const run = () => vm.runInContext(source, context, { filename: "hawser-runtime.js" });
  const globalsBefore = Object.getOwnPropertyNames(context);
  run();
  const api = context[options.global || "hawser"];

  return {
    api,
    context,
    clock,
    posts,
    dropped,
    replies,
    errors,
    reported,
    source,
    globalsBefore,
    /** Registers a handler after the runtime was injected ({ reply } as in options.handlers). */
    register: (name, config = {}) => {
      messageHandlers[name] = makeHandler(name, config);
    },
    /** Removes a handler, as removeScriptMessageHandler would. */
    unregister: (name) => {
      delete messageHandlers[name];
    },
    /** Injects the runtime again, as a second user script would. */
    inject: run,
    /** Evaluates code inside the page. */
    evaluate: (code) => vm.runInContext(code, context),
    /** Posted bodies for one handler. */
    bodies: (name) => posts.filter((entry) => entry.name === name).map((entry) => entry.body),
  };
}

/** Lets pending promise callbacks run. */
function flush() {
  return new Promise((resolve) => setImmediate(resolve));
}

module.exports = { readTemplate, renderRuntime, loadRuntime, createFakeClock, flush };
