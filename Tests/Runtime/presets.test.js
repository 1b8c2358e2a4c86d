// The native-feel presets, run against a small fake DOM that replays how WebKit builds a page
// around a document-start script: no <html> yet, then <html> and <head>, then the page's own
// viewport tag. Uses the script the built `hawser build` ($HAWSER_BIN, see load-runtime.js)
// emits for every preset (Sources/HawserCore/Compile/Templates/viewport-preset.js and
// style-sheet.js, filled by ScriptTemplates.nativeFeel).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const vm = require("node:vm");
const { buildProject } = require("./load-runtime.js");

const source = buildProject({ nativeFeel: ["viewport", "noSelection", "noCallout", "noDoubleTapZoom"] })("hawser-native-feel.js");
const FULL = "width=device-width, initial-scale=1, minimum-scale=1, maximum-scale=1, user-scalable=no";

class Element {
  constructor(name) {
    this.nodeName = name.toUpperCase();
    this.attributes = new Map();
    this.childNodes = [];
    this.parentNode = null;
    this.textContent = "";
  }
  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  appendChild(child) {
    // As in the DOM, appending a node that has a parent moves it.
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.childNodes.push(child);
    dom.added(child);
    return child;
  }
  removeChild(child) { this.childNodes = this.childNodes.filter((c) => c !== child); child.parentNode = null; return child; }
  *walk() { for (const c of this.childNodes) { yield c; yield* c.walk(); } }
}

let dom;
function makeDocument() {
  const observers = [];
  const document = {
    documentElement: null,
    head: null,
    createElement: (name) => new Element(name),
    querySelector(selector) {
      assert.equal(selector, 'meta[name="viewport"]');
      if (!this.documentElement) return null;
      for (const e of [this.documentElement, ...this.documentElement.walk()]) {
        if (e.nodeName === "META" && e.getAttribute("name") === "viewport") return e;
      }
      return null;
    },
    all() { return this.documentElement ? [this.documentElement, ...this.documentElement.walk()] : []; },
  };
  class MutationObserver {
    constructor(callback) { this.callback = callback; this.connected = false; }
    observe() { this.connected = true; observers.push(this); }
    disconnect() { this.connected = false; }
  }
  dom = {
    document,
    MutationObserver,
    // The "parser" and page scripts add nodes; observers hear of them afterwards.
    added(node) { this.pending.push(node); },
    pending: [],
    flush() {
      const nodes = this.pending.splice(0);
      if (!nodes.length) return;
      for (const o of observers.filter((o) => o.connected)) {
        o.callback([{ type: "childList", addedNodes: nodes, target: document }], o);
      }
    },
  };
  return dom;
}

function viewportTags(document) {
  return document.all().filter((e) => e.nodeName === "META" && e.getAttribute("name") === "viewport");
}

function run(setUp) {
  const d = makeDocument();
  if (setUp) setUp(d.document);
  vm.runInNewContext(source, { document: d.document, MutationObserver: d.MutationObserver, console });
  d.flush();
  return d;
}

test("at document start, before <html>: one viewport tag once the document element exists", () => {
  const d = run();
  assert.equal(viewportTags(d.document).length, 0);
  const html = new Element("html");
  d.document.documentElement = html;
  d.pending.push(html);
  d.flush();
  const tags = viewportTags(d.document);
  assert.equal(tags.length, 1);
  assert.equal(tags[0].getAttribute("content"), FULL);
});

test("the page's own viewport tag gets the content instead of a second tag", () => {
  const d = run((document) => {
    document.documentElement = new Element("html");
  });
  assert.equal(viewportTags(d.document).length, 1);
  const head = new Element("head");
  d.document.head = head;
  d.document.documentElement.appendChild(head);
  const pageMeta = new Element("meta");
  pageMeta.setAttribute("name", "viewport");
  pageMeta.setAttribute("content", "width=device-width");
  head.appendChild(pageMeta);
  d.flush();
  const tags = viewportTags(d.document);
  assert.equal(tags.length, 1, "exactly one viewport tag");
  assert.equal(tags[0], pageMeta);
  assert.equal(pageMeta.getAttribute("content"), FULL, "all settings in ONE content attribute");
});

test("a tag added before <head> existed moves into <head> once it does", () => {
  const d = run((document) => {
    document.documentElement = new Element("html");
  });
  const own = viewportTags(d.document)[0];
  assert.equal(own.parentNode, d.document.documentElement);
  const head = new Element("head");
  d.document.head = head;
  d.document.documentElement.appendChild(head);
  d.flush();
  assert.equal(own.parentNode, head);
  assert.equal(viewportTags(d.document).length, 1);
});

test("an existing tag at injection time is adopted, not duplicated", () => {
  const d = run((document) => {
    const html = new Element("html");
    document.documentElement = html;
    const meta = new Element("meta");
    meta.setAttribute("name", "viewport");
    meta.setAttribute("content", "initial-scale=2");
    html.childNodes.push(meta);
    meta.parentNode = html;
  });
  const tags = viewportTags(d.document);
  assert.equal(tags.length, 1);
  assert.equal(tags[0].getAttribute("content"), FULL);
});

test("the style presets: no selection outside form fields, no callouts, no double-tap zoom", () => {
  const d = run((document) => {
    document.documentElement = new Element("html");
  });
  const styles = d.document.all().filter((e) => e.nodeName === "STYLE");
  assert.equal(styles.length, 1);
  assert.equal(styles[0].getAttribute("data-hawser"), "hawser-native-feel");
  const css = styles[0].textContent;
  assert.match(css, /\* \{ -webkit-user-select: none; user-select: none; \}/);
  assert.match(css, /input, textarea, \[contenteditable\], \[contenteditable\] \* \{ -webkit-user-select: text; user-select: text; \}/);
  assert.match(css, /-webkit-touch-callout: none/);
  assert.match(css, /touch-action: manipulation/);
});
