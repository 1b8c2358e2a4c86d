#!/usr/bin/env python3
"""End-to-end tests of Hawser's emitted scripts in a real WebKit (WebKitGTK, WebKit2 4.1).

Each test builds a fresh WebKit2.UserContentManager the way the generated Swift `install`
builds a WKUserContentController: every script of `output/manifest.json` in order, as a user
script with its injection time and frames, and every handler of the manifest, with reply for
`reply`-transport requests. It loads a page, drives it through JavaScript, and checks what the
native side received (compared as parsed JSON values: native key order is not stable).

Run under a display: `xvfb-run -a /usr/bin/python3 Tests/E2E/webkit_e2e.py` (or `make e2e`).
Options: `--output DIR` tests another build output; `-k TEXT` runs only the tests whose name contains TEXT; `--verbose` prints the pages'
console messages; `--hawser PATH` is the hawser binary used to compile the extra scripts of the
isolation test (default `.build/release/hawser`).
"""

import argparse
import faulthandler
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import traceback

import gi

gi.require_version("WebKit2", "4.1")
gi.require_version("Gtk", "3.0")
gi.require_version("JavaScriptCore", "4.1")
gi.require_version("Soup", "3.0")
from gi.repository import GLib, Gtk, JavaScriptCore, Soup, WebKit2  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUTPUT = os.path.join(REPO, "output")
DEMO_PAGE = os.path.join(REPO, "Examples", "DemoApp", "Web", "index.html")
BASE_URI = "https://app.example.com/"

TEST_TIMEOUT_S = 10.0
VIEWPORT = "width=device-width, initial-scale=1, minimum-scale=1, maximum-scale=1, user-scalable=no"

VERBOSE = False
HAWSER = os.path.join(REPO, ".build", "release", "hawser")


class Failure(Exception):
    """A failed check: the message says what was expected and what happened."""


class Timeout(Failure):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def check_equal(actual, expected, what):
    if actual != expected:
        raise Failure("%s: expected %s, got %s" % (what, json.dumps(expected, ensure_ascii=False),
                                                   json.dumps(actual, ensure_ascii=False)))


# -------------------------------------------------------------------------------------------------
# The manifest and the emitted scripts


def load_manifest():
    with open(os.path.join(OUTPUT, "manifest.json"), encoding="utf-8") as f:
        return json.load(f)


def read_output(file_name):
    with open(os.path.join(OUTPUT, file_name), encoding="utf-8") as f:
        return f.read()


def manifest_scripts(manifest, notes):
    """The manifest's scripts in injection order, as (entry, source); page world only."""
    scripts = []
    for entry in manifest["scripts"]:
        if entry.get("world") != "page":
            notes.append("script %r is in world %r, not the page world: not injected by this harness"
                         % (entry["name"], entry.get("world")))
            continue
        scripts.append((entry, read_output(entry["file"])))
    return scripts


def user_script(source, run_at, main_frame_only):
    time_ = {
        "documentStart": WebKit2.UserScriptInjectionTime.START,
        "documentEnd": WebKit2.UserScriptInjectionTime.END,
    }[run_at]
    frames = (WebKit2.UserContentInjectedFrames.TOP_FRAME if main_frame_only
              else WebKit2.UserContentInjectedFrames.ALL_FRAMES)
    return WebKit2.UserScript.new(source, frames, time_, None, None)


# -------------------------------------------------------------------------------------------------
# Waiting on the GLib main loop, never forever


class Clock:
    """The deadline of the running test; every wait stops at it."""

    deadline = None

    @classmethod
    def start(cls, seconds):
        cls.deadline = time.monotonic() + seconds

    @classmethod
    def remaining(cls):
        return cls.deadline - time.monotonic()


def spin_until(condition, what, timeout=None):
    """Runs the main loop until condition() is true; fails at the timeout or the test's deadline."""
    limit = Clock.remaining() if timeout is None else min(timeout, Clock.remaining())
    end = time.monotonic() + max(limit, 0)
    context = GLib.MainContext.default()
    # A periodic source, so that iteration(True) wakes up to look at the clock.
    tick = GLib.timeout_add(20, lambda: True)
    try:
        while not condition():
            if time.monotonic() >= end:
                raise Timeout("timed out after %.1f s waiting for %s" % (limit, what))
            context.iteration(True)
    finally:
        GLib.source_remove(tick)


def spin_for(seconds):
    """Runs the main loop for `seconds` (bounded by the test's deadline)."""
    end = time.monotonic() + seconds
    if end > Clock.deadline:
        raise Timeout("the test would pass its %.0f s limit" % TEST_TIMEOUT_S)
    spin_until(lambda: time.monotonic() >= end, "%.1f s to pass" % seconds, timeout=seconds + 1)


# -------------------------------------------------------------------------------------------------
# A web view wired up as the generated `install` wires a WKWebView


class Request:
    """A message to a reply handler, answered like WKScriptMessageHandlerWithReply's replyHandler."""

    def __init__(self, name, payload, reply, context):
        self.name, self.payload, self.reply, self.context = name, payload, reply, context
        self.answered = False

    def resolve(self, json_text):
        self.answered = True
        self.reply.return_value(JavaScriptCore.Value.new_from_json(self.context, json_text))

    def reject(self, message):
        self.answered = True
        self.reply.return_error_message(message)


class Native:
    """What the app's handlers do: record every message; answer requests through `answer`."""

    def __init__(self, answer=None):
        self.messages = []  # (handler name, parsed JSON body), in arrival order
        self.answer = answer or default_answer
        self.requests = []  # every Request, answered or not (kept alive)

    def bodies(self, name):
        return [body for (n, body) in self.messages if n == name]


NOTES_TXT = "Notes from native: \"quoted\", <b>tags</b>, a line\nbreak, \u2028 and \u2029."


def default_answer(request):
    """readFile: a one-file file system; any other request is an error."""
    if request.name == "readFile":
        path = request.payload.get("path") if isinstance(request.payload, dict) else None
        if path == "notes.txt":
            request.resolve(json.dumps(NOTES_TXT))
        else:
            request.reject("no such file: %s" % path)
    else:
        request.reject("no native implementation for %s" % request.name)


def to_json_value(js_value):
    """A JSCValue as a Python value, through JSON (undefined becomes None)."""
    if js_value is None or js_value.is_undefined():
        return None
    text = js_value.to_json(0)
    return None if text is None else json.loads(text)


class Page:
    """One WebKitGTK web view with Hawser's scripts and handlers installed."""

    def __init__(self, html, base_uri=BASE_URI, native=None, before=(), after=(), scripts=None,
                 manifest=None, notes=None, web_context=None, uri=None, before_load=None):
        """`web_context` gives the view that context (its website data manager, cookies
        included); `uri` loads that address instead of `html`; `before_load(view)` runs just
        before the load, with nothing run on the main loop in between."""
        self.native = native or Native()
        self.notes = notes if notes is not None else []
        manifest = manifest or load_manifest()
        self.ucm = WebKit2.UserContentManager()

        for source, run_at, main_frame_only in before:
            self.ucm.add_script(user_script(source, run_at, main_frame_only))
        for entry, source in (scripts if scripts is not None else manifest_scripts(manifest, self.notes)):
            self.ucm.add_script(user_script(source, entry["runAt"], entry["mainFrameOnly"]))
        for source, run_at, main_frame_only in after:
            self.ucm.add_script(user_script(source, run_at, main_frame_only))

        for handler in manifest["handlers"]:
            name = handler["name"]
            if handler.get("kind") == "request" and handler.get("transport") == "reply":
                check(self.ucm.register_script_message_handler_with_reply(name, None),
                      "could not register the reply handler %r" % name)
                self.ucm.connect("script-message-with-reply-received::" + name, self._on_request, name)
            else:
                check(self.ucm.register_script_message_handler(name),
                      "could not register the handler %r" % name)
                self.ucm.connect("script-message-received::" + name, self._on_message, name)

        if web_context is not None:
            self.view = WebKit2.WebView(user_content_manager=self.ucm, web_context=web_context)
        else:
            self.view = WebKit2.WebView(user_content_manager=self.ucm)
        settings = self.view.get_settings()
        settings.set_enable_write_console_messages_to_stdout(VERBOSE)
        self.view.connect("load-changed", self._on_load_changed)
        self.view.connect("load-failed", self._on_load_failed)
        self.view.connect("decide-policy", self._on_decide_policy)
        self.blocked_navigations = []
        self.window = Gtk.Window()
        self.window.set_default_size(800, 600)
        self.window.add(self.view)
        self.window.show_all()

        self.finished = False
        self.load_error = None
        if before_load is not None:
            before_load(self.view)
        if uri is not None:
            self.view.load_uri(uri)
        else:
            self.view.load_html(html, base_uri)
        spin_until(lambda: self.finished or self.load_error is not None, "the page to load")
        if self.load_error is not None:
            raise Failure("the page failed to load: %s" % self.load_error)

    # Signals

    def _on_load_changed(self, view, event):
        if event == WebKit2.LoadEvent.FINISHED:
            self.finished = True

    def _on_load_failed(self, view, event, uri, error):
        if not self.finished:
            self.load_error = "%s: %s" % (uri, error.message)
        return False

    def _on_decide_policy(self, view, decision, decision_type):
        # A submitted form would navigate away to a URL with no server behind it: the app under
        # test only cares about the message posted on submit, so the navigation is cancelled.
        if decision_type == WebKit2.PolicyDecisionType.NAVIGATION_ACTION:
            action = decision.get_navigation_action()
            if action.get_navigation_type() == WebKit2.NavigationType.FORM_SUBMITTED:
                self.blocked_navigations.append(action.get_request().get_uri())
                decision.ignore()
                return True
        return False

    def _on_message(self, ucm, result, name):
        self.native.messages.append((name, to_json_value(result.get_js_value())))

    def _on_request(self, ucm, value, reply, name):
        request = Request(name, to_json_value(value), reply, value.get_context())
        self.native.messages.append((name, request.payload))
        self.native.requests.append(request)
        self.native.answer(request)  # may leave it for the test to answer later
        return True

    # Driving the page

    def js(self, body, arguments=None, what=None):
        """Runs `body` as an async function in the page world; returns its result as JSON."""
        variant = None
        if arguments is not None:
            variant = GLib.Variant("a{sv}", {k: to_variant(v) for k, v in arguments.items()})
        box = {}

        def done(view, result, _data):
            try:
                box["value"] = to_json_value(view.call_async_javascript_function_finish(result))
            except GLib.Error as error:
                box["error"] = error.message

        self.view.call_async_javascript_function(body, -1, variant, None, None, None, done, None)
        spin_until(lambda: box, what or "JavaScript to finish: %s" % body.strip().splitlines()[0])
        if "error" in box:
            raise Failure("JavaScript threw: %s\n  in: %s" % (box["error"], body.strip()))
        return box["value"]

    def wait_messages(self, name, count, what=None, timeout=None):
        spin_until(lambda: len(self.native.bodies(name)) >= count,
                   what or "%d message(s) to %r (got %s)" % (count, name, self.native.bodies(name)),
                   timeout)
        return self.native.bodies(name)

    def close(self):
        self.window.destroy()
        # Let the web process notice; nothing else to wait for.
        context = GLib.MainContext.default()
        while context.pending():
            context.iteration(False)


def to_variant(value):
    if isinstance(value, bool):
        return GLib.Variant("b", value)
    if isinstance(value, int):
        return GLib.Variant("x", value)
    if isinstance(value, float):
        return GLib.Variant("d", value)
    if isinstance(value, str):
        return GLib.Variant("s", value)
    raise TypeError("unsupported argument %r" % (value,))


def demo_html():
    with open(DEMO_PAGE, encoding="utf-8") as f:
        return f.read()


def page_with(body, head=""):
    return ("<!doctype html><html><head><meta charset=\"utf-8\">%s</head><body>%s</body></html>"
            % (head, body))


# -------------------------------------------------------------------------------------------------
# Tests

TESTS = []


def test(function):
    TESTS.append(function)
    return function


@test
def manifest_is_injectable(notes):
    """Every script of the manifest exists, has a known runAt, and the runtime comes first."""
    manifest = load_manifest()
    scripts = manifest_scripts(manifest, notes)
    check(scripts, "the manifest lists no page-world scripts")
    check_equal(scripts[0][0]["origin"], "runtime", "the first script's origin")
    for entry, source in scripts:
        check(entry["runAt"] in ("documentStart", "documentEnd"), "unknown runAt %r" % entry["runAt"])
        check(source.startswith("// Generated by Hawser"), "%s lacks the generated header" % entry["file"])


@test
def flow_a_form_submit_posts_name_and_email(notes):
    page = Page(demo_html())
    try:
        name = "Ada \"Lovelace\" \u2318 </script>"
        page.js("""
            const form = document.getElementById("signup");
            form.elements.name.value = name;
            form.elements.email.value = "ada@example.com";
            form.requestSubmit();
        """, {"name": name})
        bodies = page.wait_messages("observer", 1)
        check_equal(bodies, [{"name": name, "email": "ada@example.com"}], "observer's messages")
    finally:
        page.close()


@test
def flow_b_read_file_resolves_with_native_reply(notes):
    page = Page(demo_html())
    try:
        text = page.js('return await window.readAppFile("notes.txt");')
        check_equal(text, NOTES_TXT, "readAppFile's result")
        check_equal(page.native.bodies("readFile"), [{"path": "notes.txt"}], "readFile's payloads")
    finally:
        page.close()


@test
def flow_b_native_error_rejects_with_code_native(notes):
    page = Page(demo_html())
    try:
        result = page.js("""
            try {
              await window.readAppFile("missing.txt");
              return { resolved: true };
            } catch (e) {
              return { isError: e instanceof Error, name: e.name, code: e.code, handler: e.handler,
                       message: e.message };
            }
        """)
        check_equal(result, {"isError": True, "name": "HawserError", "code": "native",
                             "handler": "readFile", "message": "no such file: missing.txt"},
                    "the rejection")
    finally:
        page.close()


@test
def flow_b_unregistered_handler_rejects_unavailable(notes):
    page = Page(demo_html())
    try:
        result = page.js("""
            try {
              await hawser.call("notRegistered", { a: 1 });
              return { resolved: true };
            } catch (e) {
              return { isTypeError: e instanceof TypeError, name: e.name, code: e.code, handler: e.handler };
            }
        """)
        check_equal(result, {"isTypeError": False, "name": "HawserError", "code": "unavailable",
                             "handler": "notRegistered"}, "the rejection")
        # post() of an unregistered name reports false rather than throwing.
        check_equal(page.js('return hawser.post("notRegistered", 1);'), False, "hawser.post's result")
    finally:
        page.close()


@test
def flow_b_unserializable_payload_rejects_serialization(notes):
    page = Page(demo_html())
    try:
        result = page.js("""
            const outcomes = [];
            for (const payload of [{ path: "a", callback: function () {} }, { path: Symbol("s") },
                                   { node: document.body }]) {
              try {
                await hawser.call("readFile", payload, { timeoutMs: 2000 });
                outcomes.push("resolved");
              } catch (e) {
                outcomes.push(e.code + ": " + e.message);
              }
            }
            return outcomes;
        """)
        check_equal(len(result), 3, "number of outcomes")
        for outcome, expected in zip(result, ["payload.callback is a function",
                                              "payload.path is a symbol",
                                              "payload.node is a DOM node"]):
            check(outcome.startswith("serialization: ") and expected in outcome,
                  "expected a serialization error naming %r, got %r" % (expected, outcome))
        check_equal(page.native.bodies("readFile"), [], "what native received")
    finally:
        page.close()


@test
def flow_b_timeout_when_native_never_answers(notes):
    # The request is kept alive (in native.requests) and never answered.
    page = Page(demo_html(), native=Native(answer=lambda request: None))
    try:
        result = page.js("""
            const started = Date.now();
            try {
              await hawser.call("readFile", { path: "slow.txt" }, { timeoutMs: 300 });
              return { resolved: true };
            } catch (e) {
              return { code: e.code, waited: Date.now() - started };
            }
        """)
        check_equal(result.get("code"), "timeout", "the rejection's code")
        check(result["waited"] >= 250, "rejected after %s ms, before the 300 ms timeout" % result["waited"])
    finally:
        page.close()


@test
def runtime_is_there_before_the_pages_own_scripts(notes):
    """The runtime is injected at document start, so the page's inline scripts can use it."""
    head = ('<script>window.seenByHead = { readyState: document.readyState, hawser: typeof hawser,'
            ' call: typeof (window.hawser && hawser.call) };</script>')
    page = Page(page_with("<p>x</p>", head=head))
    try:
        check_equal(page.js("return window.seenByHead;"),
                    {"readyState": "loading", "hawser": "object", "call": "function"},
                    "what the page's first inline script saw")
    finally:
        page.close()


@test
def flow_b_runtime_global_is_frozen(notes):
    page = Page(demo_html())
    try:
        result = page.js("""
            const d = Object.getOwnPropertyDescriptor(window, "hawser");
            const before = window.hawser;
            let assignThrew = false;
            try { (0, eval)("hawser = 42"); } catch (e) { assignThrew = e instanceof TypeError; }
            let deleted;
            try { deleted = delete window.hawser; } catch (e) { deleted = "threw"; }
            let redefined = false;
            try { Object.defineProperty(window, "hawser", { value: 1 }); redefined = true; } catch (e) {}
            try { hawser.call = null; } catch (e) {}
            return {
              writable: d.writable, configurable: d.configurable,
              frozen: Object.isFrozen(hawser), contractFrozen: Object.isFrozen(hawser.contract),
              callFrozen: Object.isFrozen(hawser.call),
              same: window.hawser === before, deleted, redefined,
              callIsFunction: typeof hawser.call === "function",
              version: hawser.version,
              contract: hawser.contract,
            };
        """)
        check_equal({k: result.get(k) for k in ("writable", "configurable", "frozen", "contractFrozen",
                                            "callFrozen", "same", "deleted", "redefined",
                                            "callIsFunction", "version")},
                    {"writable": False, "configurable": False, "frozen": True, "contractFrozen": True,
                     "callFrozen": True, "same": True, "deleted": False, "redefined": False,
                     "callIsFunction": True, "version": "1"}, "the global's properties")
        manifest = load_manifest()
        expected = {}
        for h in manifest["handlers"]:
            entry = {"kind": h["kind"], "transport": h["transport"] or "reply"}
            expected[h["name"]] = entry
        check_equal(result["contract"], expected, "hawser.contract against the manifest")
    finally:
        page.close()


@test
def flow_c_custom_event_forwarded(notes):
    page = Page(demo_html())
    try:
        page.js('window.dispatchEvent(new CustomEvent("imagechanged", { detail: { success: true } }));')
        check_equal(page.wait_messages("imageChanged", 1), [{"success": True}], "imageChanged's messages")
        # An event without detail is forwarded as null.
        page.js('window.dispatchEvent(new CustomEvent("imagechanged"));')
        check_equal(page.wait_messages("imageChanged", 2), [{"success": True}, None],
                    "imageChanged's messages")
    finally:
        page.close()


@test
def flow_d_state_sync_posts_changes_once(notes):
    page = Page(demo_html())
    try:
        # The page's inline script sets the initial state; syncState posts it at document end.
        initial = {"signedIn": False, "theme": "light"}
        check_equal(page.wait_messages("stateSync", 1), [initial], "the first stateSync message")
        page.js('window.appState = { signedIn: true, theme: "dark", user: { name: "Ada" } };')
        changed = {"signedIn": True, "theme": "dark", "user": {"name": "Ada"}}
        check_equal(page.wait_messages("stateSync", 2, timeout=3), [initial, changed], "stateSync's messages")
        # Unchanged state (even a new, equal object) is not posted again.
        page.js('window.appState = { signedIn: true, theme: "dark", user: { name: "Ada" } };')
        spin_for(2.3)
        check_equal(page.native.bodies("stateSync"), [initial, changed],
                    "stateSync's messages after two more intervals without a change")
    finally:
        page.close()


@test
def flow_e_native_emit_with_arguments(notes):
    page = Page(demo_html())
    try:
        check_equal(page.wait_messages("pageReady", 1), [{"url": BASE_URI}], "pageReady's message")
        text = "Hi <b>there</b> \"quoted\" \u2028 'single' \\ ${x} </script>\u2029"
        called = page.js('return hawser.emit("greeting", text);', {"text": text})
        check_equal(called, 1, "listeners called by emit")
        result = page.js("""
            const el = document.getElementById("greeting");
            return { text: el.textContent, elements: el.children.length };
        """)
        check_equal(result, {"text": text, "elements": 0}, "#greeting after emit")
        # The page function native may call instead.
        page.js('window.setGreeting(text);', {"text": "second \u2028 \"call\""})
        check_equal(page.js('return document.getElementById("greeting").textContent;'),
                    "second \u2028 \"call\"", "#greeting after setGreeting")
    finally:
        page.close()


@test
def flow_f_hash_changes_in_main_frame_and_iframe(notes):
    html = page_with('<p>main</p><iframe id="child" srcdoc="<p>child</p>"></iframe>')
    page = Page(html)
    try:
        page.js("""
            const frame = document.getElementById("child");
            if (!frame.contentDocument || frame.contentDocument.readyState !== "complete") {
              await new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
            }
        """)
        page.js('location.hash = "#x";')
        check_equal(page.wait_messages("hashChanged", 1), [{"hash": "#x", "isMainFrame": True}],
                    "hashChanged from the main frame")
        info = page.js("""
            const w = document.getElementById("child").contentWindow;
            return { runtime: typeof w.hawser, url: w.location.href };
        """)
        check_equal(info["runtime"], "object", "typeof hawser in the iframe (%s)" % info["url"])
        # A request from the iframe gets its reply there too.
        check_equal(page.js('return await document.getElementById("child").contentWindow'
                            '.readAppFile("notes.txt");'), NOTES_TXT, "readAppFile in the iframe")
        check_equal(page.native.bodies("hashChanged"), [{"hash": "#x", "isMainFrame": True}],
                    "hashChanged before the iframe's change")
        # The child navigates its own fragment.
        page.js('document.getElementById("child").contentWindow.eval(\'location.hash = "#y"\');')
        check_equal(page.wait_messages("hashChanged", 2),
                    [{"hash": "#x", "isMainFrame": True}, {"hash": "#y", "isMainFrame": False}],
                    "hashChanged from both frames")
    finally:
        page.close()


@test
def flow_f_main_frame_only_script_not_in_iframe(notes):
    """state-sync is @noframes: it runs in the top frame only; the runtime runs in every frame."""
    page = Page(page_with('<iframe id="child" srcdoc="<script>window.appState = {frame: true}</script>">'
                          '</iframe>', head="<script>window.appState = {top: true}</script>"))
    try:
        page.js("""
            const frame = document.getElementById("child");
            if (!frame.contentDocument || frame.contentDocument.readyState !== "complete") {
              await new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
            }
        """)
        spin_for(1.3)
        check_equal(page.native.bodies("stateSync"), [{"top": True}], "stateSync's messages")
    finally:
        page.close()


def check_viewport(page, what, notes):
    """Exactly one viewport tag, with the whole locked string in its one content attribute."""
    state = page.js("""
        const tags = Array.from(document.querySelectorAll('meta[name="viewport" i]'));
        return { count: tags.length, contents: tags.map((t) => t.getAttribute("content")),
                 parents: tags.map((t) => t.parentNode === document.head ? "head" : t.parentNode.nodeName) };
    """)
    check_equal({"count": state["count"], "contents": state["contents"]},
                {"count": 1, "contents": [VIEWPORT]}, what)
    # WebKitGTK does not apply viewport tags (iOS WebKit does), so only the DOM is checked.
    # Where the tag sits is reported, not judged: a tag added at document start, before the
    # parser has made <head>, stays a child of <html>.
    if state["parents"] != ["head"]:
        notes.append("%s: the viewport tag is a child of <%s>, not of <head>"
                     % (what, state["parents"][0].lower()))


@test
def flow_g_viewport_locked_once(notes):
    page = Page(demo_html())
    try:
        check_viewport(page, "viewport tags on the demo page", notes)
    finally:
        page.close()


@test
def flow_g_viewport_when_page_has_its_own(notes):
    head = '<meta name="viewport" content="width=device-width, initial-scale=2">'
    page = Page(page_with("<p>x</p>", head=head))
    try:
        check_viewport(page, "viewport tags when the page has its own", notes)
        # The page's scripts change it, or add another later: still one tag, still locked.
        page.js("""
            document.querySelector('meta[name="viewport"]').setAttribute("content", "width=500");
            const extra = document.createElement("meta");
            extra.name = "viewport";
            extra.content = "initial-scale=3";
            document.head.appendChild(extra);
            await new Promise((resolve) => setTimeout(resolve, 50));
        """)
        check_viewport(page, "viewport tags after the page changed them", notes)
    finally:
        page.close()


@test
def flow_g_native_feel_styles(notes):
    page = Page(demo_html())
    try:
        styles = page.js("""
            const value = (el, prop) => getComputedStyle(el).getPropertyValue(prop);
            const input = document.querySelector("input[name=name]");
            const body = document.body;
            return {
              bodySelect: value(body, "-webkit-user-select"),
              bodySelectUnprefixed: value(body, "user-select"),
              inputSelect: value(input, "-webkit-user-select"),
              bodyTouchAction: value(body, "touch-action"),
              inputTouchAction: value(input, "touch-action"),
              bodyCallout: value(body, "-webkit-touch-callout"),
              calloutSupported: CSS.supports("-webkit-touch-callout", "none"),
              touchActionSupported: CSS.supports("touch-action", "manipulation"),
              styleCount: document.querySelectorAll('style[data-hawser="hawser-native-feel"]').length,
            };
        """)
        check_equal(styles["styleCount"], 1, "native-feel style elements")
        check_equal(styles["bodySelect"], "none", "-webkit-user-select on body")
        if styles["bodySelectUnprefixed"] != "":
            check_equal(styles["bodySelectUnprefixed"], "none", "user-select on body")
        check(styles["inputSelect"] not in ("none", ""), "-webkit-user-select on an input is %r, expected "
              "selectable text" % styles["inputSelect"])
        if styles["touchActionSupported"]:
            check_equal(styles["bodyTouchAction"], "manipulation", "touch-action on body")
            check_equal(styles["inputTouchAction"], "manipulation", "touch-action on an input")
        else:
            notes.append("touch-action is not supported by this WebKitGTK; not checked")
        if styles["calloutSupported"]:
            check_equal(styles["bodyCallout"], "none", "-webkit-touch-callout on body")
        else:
            notes.append("-webkit-touch-callout is not supported by WebKitGTK (iOS only); not checked")
    finally:
        page.close()


HEADER_PAGE = page_with('<header class="site-header">Site header</header>'
                        '<div id="cookie-banner">Cookies?</div><main>content</main>')


def header_display(page):
    return page.js("""
        return { header: getComputedStyle(document.querySelector("header.site-header")).display,
                 banner: getComputedStyle(document.getElementById("cookie-banner")).display,
                 main: getComputedStyle(document.querySelector("main")).display,
                 styles: document.querySelectorAll('style[data-hawser="hide-header"]').length };
    """)


@test
def flow_h_header_hidden_on_matching_site(notes):
    page = Page(HEADER_PAGE, base_uri="https://www.example.com/")
    try:
        check_equal(header_display(page), {"header": "none", "banner": "none", "main": "block", "styles": 1},
                    "display at https://www.example.com/")
    finally:
        page.close()


@test
def flow_h_header_visible_elsewhere(notes):
    for uri in ("https://other.test/", "http://www.example.com/", "https://example.com.evil.test/"):
        page = Page(HEADER_PAGE, base_uri=uri)
        try:
            check_equal(header_display(page), {"header": "block", "banner": "block", "main": "block",
                                               "styles": 0}, "display at %s" % uri)
        finally:
            page.close()


def build_project(directory, files, config=None):
    """Builds `files` (name -> source, in the scripts folder) with the real hawser binary and
    `config` merged into a minimal hawser.json; returns the manifest and every script of it, in
    injection order, as (entry, source)."""
    if not os.access(HAWSER, os.X_OK):
        raise Failure("%s is missing; run `make build` (or pass --hawser)" % HAWSER)
    os.makedirs(os.path.join(directory, "scripts"))
    os.makedirs(os.path.join(directory, "swift"))
    for name, source in files.items():
        with open(os.path.join(directory, "scripts", name), "w", encoding="utf-8", newline="") as f:
            f.write(source)
    settings = {"scripts": ["scripts"], "swift": ["swift"], "output": "out"}
    settings.update(config or {})
    with open(os.path.join(directory, "hawser.json"), "w", encoding="utf-8") as f:
        json.dump(settings, f)
    run = subprocess.run([HAWSER, "build", "--config", "hawser.json"], cwd=directory,
                         capture_output=True, text=True, timeout=30)
    if run.returncode != 0:
        raise Failure("hawser build of the extra scripts failed:\n%s%s" % (run.stdout, run.stderr))
    return read_built_scripts(os.path.join(directory, "out"))


def read_built_scripts(out):
    """The manifest of the build output folder `out` and every script of it, in injection
    order, as (entry, source)."""
    with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    result = []
    for entry in manifest["scripts"]:
        with open(os.path.join(out, entry["file"]), encoding="utf-8", newline="") as f:
            result.append((entry, f.read()))
    return manifest, result


def compile_extra_scripts(directory, files, config=None):
    """Compiles `files` (name -> source) with the real hawser binary (`config` adds to its
    hawser.json); returns the manifest's scripts other than the runtime, as (entry, source)."""
    _, scripts = build_project(directory, files, config)
    return [(entry, source) for entry, source in scripts if entry["origin"] != "runtime"]


THROWER_BODY = ("const leakedConst = 1;\nlet leakedLet = 2;\nvar leakedVar = 3;\n"
                "function leakedFunction() {}\nclass LeakedClass {}\n"
                "throw new Error(\"e2e: this user script throws\");\n")
THROWER_NAMES = ["leakedConst", "leakedLet", "leakedVar", "leakedFunction", "LeakedClass"]


@test
def isolation_throwing_scripts_do_not_stop_the_others(notes):
    """A script that throws stops only itself. Its top-level names are globals, as WebKit makes
    them of the script injected as written: emitted as written (no guard), the declarations that
    ran before the throw are the world's globals (var and function on window), and the exception is
    WebKit's own uncaught one; wrapped (guarded), its names are published the same way and the
    exception is reported under its name."""
    thrower = "// ==UserScript==\n// @run-at document-start\n// ==/UserScript==\n" + THROWER_BODY
    guarded = ("// ==UserScript==\n// @run-at document-start\n// @match https://app.example.com/*\n// ==/UserScript==\n"
               + THROWER_BODY.replace("eaked", "eakedGuarded"))
    with tempfile.TemporaryDirectory(prefix="hawser-e2e-") as directory:
        extra = compile_extra_scripts(directory, {"throws.js": thrower, "throws-guarded.js": guarded})
    check_equal(sorted(e["name"] for e, _ in extra), ["throws", "throws-guarded"], "the extra scripts")
    manifest = load_manifest()
    # Before every demo script: Hawser's throwers, and a raw (unwrapped) script that throws at
    # document end, as a script written by hand would.
    scripts = extra + manifest_scripts(manifest, notes)
    raw = ("window.rawThrowerRan = true; throw new Error('e2e: a raw user script throws');",
           "documentEnd", False)
    page = Page(demo_html(), scripts=scripts, before=[CONSOLE_ERRORS, raw], manifest=manifest)
    try:
        state = page.js("""
            const names = %s;
            const guardedNames = names.map((name) => name.replace("eaked", "eakedGuarded"));
            const declared = (list) => list.filter((name) => {
              try { return typeof (0, eval)(name) !== "undefined"; } catch (e) { return false; } });
            return {
              declared: declared(names),
              onWindow: names.filter((name) => name in window),
              guardedDeclared: declared(guardedNames),
              guardedOnWindow: guardedNames.filter((name) => name in window),
              rawRan: window.rawThrowerRan === true,
              runtime: typeof hawser,
              readAppFile: typeof window.readAppFile,
              readAppFileDeclaredGlobally:
                Object.getOwnPropertyDescriptor(window, "readAppFile").configurable === false,
              reported: window.consoleErrors,
            };
        """ % json.dumps(THROWER_NAMES))
        check_equal(state, {"declared": THROWER_NAMES, "onWindow": ["leakedVar", "leakedFunction"],
                            "guardedDeclared": [n.replace("eaked", "eakedGuarded") for n in THROWER_NAMES],
                            "guardedOnWindow": [n.replace("eaked", "eakedGuarded") for n in THROWER_NAMES],
                            "rawRan": True, "runtime": "object", "readAppFile": "function",
                            "readAppFileDeclaredGlobally": True,
                            "reported": [['[hawser] user script "throws-guarded" failed:', "e2e: this user script throws"]]},
                    "globals after the throwing scripts")
        # The demo scripts after them all work.
        check_equal(page.wait_messages("pageReady", 1), [{"url": BASE_URI}], "pageReady")
        page.js("""
            const form = document.getElementById("signup");
            form.elements.name.value = "n";
            form.elements.email.value = "n@example.com";  // valid, or requestSubmit() stops
            form.requestSubmit();
        """)
        check_equal(page.wait_messages("observer", 1), [{"name": "n", "email": "n@example.com"}], "observer")
        check_equal(page.js('return await window.readAppFile("notes.txt");'), NOTES_TXT, "readAppFile")
    finally:
        page.close()


def evaluate_javascript(page, script):
    """What native `webView.evaluateJavaScript(script)` gives: the script's completion value, as
    JSON, evaluated as a script of the page world (not a function body)."""
    box = {}

    def done(view, result, _data):
        try:
            box["value"] = to_json_value(view.evaluate_javascript_finish(result))
        except GLib.Error as error:
            box["error"] = error.message

    page.view.evaluate_javascript(script, -1, None, None, None, done, None)
    spin_until(lambda: box, "evaluate_javascript(%r)" % script)
    if "error" in box:
        raise Failure("evaluate_javascript(%r) threw: %s" % (script, box["error"]))
    return box["value"]


# A reader app's script of NetNewsWire's shape (its main_ios.js): state in top-level var and
# let, and top-level functions that native code calls by name through evaluateJavaScript.
READER_SCRIPT = """// ==UserScript==
// @description A reader's script that native calls by name, as NetNewsWire's main_ios.js.
// ==/UserScript==
var clickedImage = null;
let hiddenCount = 0;
const articleSelector = "article";
class ImageViewer {}

function imageWasClicked(image) { clickedImage = image; }

function hideClickedImage() {
  if (!clickedImage) return "no image clicked";
  clickedImage.style.opacity = "0";
  hiddenCount += 1;
  return "hid " + clickedImage.id + " (" + hiddenCount + ")";
}

function stopMediaPlayback() {
  document.querySelectorAll("video, audio").forEach((element) => element.pause());
  return "stopped";
}

function selectedHTML() {
  const article = document.querySelector(articleSelector);
  return article ? article.innerHTML.trim() : "";
}

document.addEventListener("click", (event) => {
  if (event.target instanceof HTMLImageElement) imageWasClicked(event.target);
});
"""

# The same shape behind a location guard, strict: wrapped, its names published.
GUARDED_READER_SCRIPT = """// ==UserScript==
// @match https://app.example.com/*
// ==/UserScript==
"use strict";
let greeted = 0;
function guardedGreeting() { greeted += 1; return "strict " + (this === undefined) + ", " + greeted; }
"""

# A second script of the world that calls the first ones' functions.
SECOND_SCRIPT = """// ==UserScript==
// @require reader
// @require guarded-reader
// ==/UserScript==
var secondSawReader = typeof hideClickedImage + " " + typeof ImageViewer;
function hideThroughSecond() { return hideClickedImage() + " via second; " + guardedGreeting(); }
"""


@test
def adopted_script_functions_stay_globals_native_can_call(notes):
    """A NetNewsWire-shaped script, after `hawser build`: native's evaluate_javascript calls its
    top-level functions by name and gets their values, as before adoption; its let and const are
    global bindings; a guarded strict script's functions are globals too; a second script calls
    the first ones' functions."""
    with tempfile.TemporaryDirectory(prefix="hawser-e2e-") as directory:
        manifest, scripts = build_project(directory, {
            "reader.js": READER_SCRIPT, "guarded-reader.js": GUARDED_READER_SCRIPT, "second.js": SECOND_SCRIPT})
    sources = {entry["name"]: source for entry, source in scripts}
    check(sources["reader"].split("\n")[1] == "// ==UserScript==", "reader.js is emitted as written")
    check(sources["guarded-reader"].split("\n")[1].startswith('(function () { "use strict"; if (!('),
          "guarded-reader.js keeps its wrapper and its directive")
    html = page_with('<article><p>An <b>article</b>.</p><img id="hero" alt="hero"></article><video></video>')
    page = Page(html, scripts=scripts, manifest=manifest, before=[CONSOLE_ERRORS])
    try:
        check_equal(evaluate_javascript(page, "typeof hideClickedImage"), "function", "typeof hideClickedImage")
        check_equal(evaluate_javascript(page, "hideClickedImage();"), "no image clicked", "hideClickedImage() before a click")
        page.js('document.getElementById("hero").click();')
        check_equal(evaluate_javascript(page, "hideClickedImage();"), "hid hero (1)", "hideClickedImage() after a click")
        check_equal(evaluate_javascript(page, 'document.getElementById("hero").style.opacity'), "0", "the image hidden")
        check_equal(evaluate_javascript(page, "stopMediaPlayback()"), "stopped", "stopMediaPlayback()")
        check_equal(evaluate_javascript(page, "selectedHTML()"),
                    '<p>An <b>article</b>.</p><img id="hero" alt="hero" style="opacity: 0;">', "selectedHTML()")
        check_equal(evaluate_javascript(page, "[hiddenCount, articleSelector, typeof ImageViewer, 'hiddenCount' in window]"),
                    [1, "article", "function", False], "the let, const and class: global bindings, not window properties")
        check_equal(evaluate_javascript(page, "guardedGreeting()"), "strict true, 1", "the guarded strict script's function")
        check_equal(evaluate_javascript(page, "greeted"), 1, "the guarded script's let, read live")
        check_equal(evaluate_javascript(page, "secondSawReader"), "function function", "what the second script saw")
        check_equal(evaluate_javascript(page, "hideThroughSecond()"), "hid hero (2) via second; strict true, 2",
                    "the second script calls the first ones' functions")
        # callAsyncJavaScript runs a function body in the same world, which sees the same globals.
        check_equal(page.js("return [typeof selectedHTML, typeof guardedGreeting, hiddenCount];"),
                    ["function", "function", 2], "the globals through call_async_javascript_function")
        check_equal(page.js("return window.consoleErrors;"), [], "the errors reported")
    finally:
        page.close()


@test
def duplicate_top_level_names_are_what_webkit_rejects(notes):
    """What `duplicate-global` reports is WebKit's behaviour: of two scripts injected as written
    into one world, the second one whose top-level lexical name the first declares (lexically,
    or as var or function) throws a SyntaxError before it runs, so none of it runs; two vars are
    fine. And `hawser build` refuses those scripts, at the second declaration."""
    first = ("let dupLexical = 1; var dupVar = 1; var dupBothVar = 1; window.dupFirstRan = true;",
             "documentEnd", False)
    lexical_again = ("const dupLexical = 2; window.dupLexicalRan = true;", "documentEnd", False)
    lexical_over_var = ("let dupVar = 2; window.dupOverVarRan = true;", "documentEnd", False)
    var_again = ("var dupBothVar = 2; window.dupVarAgainRan = true;", "documentEnd", False)
    page = Page(page_with(""), scripts=[], after=[first, lexical_again, lexical_over_var, var_again],
                manifest={"handlers": []})
    try:
        check_equal(page.js("""return [window.dupFirstRan === true, window.dupLexicalRan === true,
                                       window.dupOverVarRan === true, window.dupVarAgainRan === true, dupBothVar];"""),
                    [True, False, False, True, 2], "which scripts ran")
    finally:
        page.close()
    with tempfile.TemporaryDirectory(prefix="hawser-e2e-") as directory:
        try:
            build_project(directory, {"a.js": first[0], "b.js": lexical_again[0]})
        except Failure as failure:
            check("b.js:1:7: error: 'dupLexical' is declared at the top level of 'b' and of 'a'" in str(failure)
                  and "[duplicate-global]" in str(failure), "the build's error: %s" % failure)
        else:
            raise Failure("hawser build accepted two scripts that declare 'dupLexical'")


# Records what the wrappers report: the first argument of console.error and the error's message.
CONSOLE_ERRORS = ("window.consoleErrors = []; const originalError = console.error;"
                  "console.error = function (label, error) {"
                  "  window.consoleErrors.push([String(label), error && error.message]);"
                  "  return originalError.apply(this, arguments); };", "documentStart", False)


@test
def top_level_await_runs_awaits_a_reply_and_reports_errors_by_name(notes):
    sources = {
        "tla-reads.js": 'const text = await hawser.call("readFile", { path: "notes.txt" });\n'
                        "window.tlaText = text;\n",
        "tla-rejects.js": 'await hawser.call("readFile", { path: "missing.txt" });\nwindow.tlaAfterRejection = true;\n',
        "tla-throws.js": 'if (!window.tlaNever) throw new Error("e2e: thrown before any await");\nawait 0;\n',
    }
    with tempfile.TemporaryDirectory(prefix="hawser-e2e-") as directory:
        extra = compile_extra_scripts(directory, sources, config={"registered": ["readFile"]})
    check_equal(sorted(e["name"] for e, _ in extra), ["tla-reads", "tla-rejects", "tla-throws"], "the extra scripts")
    for entry, source in extra:
        check(source.split("\n")[1].startswith("(async function () { try {"), "%s is wrapped in an async function" % entry["name"])
    manifest = load_manifest()
    page = Page(demo_html(), scripts=manifest_scripts(manifest, notes) + extra, before=[CONSOLE_ERRORS],
                manifest=manifest)
    try:
        page.js("""
            await new Promise((resolve) => {
              const poll = () => window.tlaText !== undefined && window.consoleErrors.length >= 2
                ? resolve() : setTimeout(poll, 20);
              poll();
            });
        """, what="the top-level awaits to resume and both failures to be reported")
        check_equal(page.js("return window.tlaText;"), NOTES_TXT, "the text the script awaited")
        errors = sorted(page.js("return window.consoleErrors;"))
        check_equal(errors, [['[hawser] user script "tla-rejects" failed:', "no such file: missing.txt"],
                             ['[hawser] user script "tla-throws" failed:', "e2e: thrown before any await"]],
                    "the reported failures")
        check_equal(page.js("return window.tlaAfterRejection === undefined;"), True, "the code after the rejected await")
    finally:
        page.close()


# The demo's TypeScript script, userscripts/note-summary.ts, and
# what it makes of NOTES_TXT: 2 lines, 10 words (split on JavaScript's \s, which holds U+2028 and
# U+2029), so a short note.
NOTE_SUMMARY = {"path": "notes.txt", "lines": 2, "words": 10, "length": "short"}


@test
def flow_j_typescript_script_reads_a_note_and_posts_its_summary(notes):
    """The demo's TypeScript script, compiled by `hawser build` (make demo) into
    output/note-summary.js: listed in the manifest with its .ts source, injected like every script,
    `summarizeNote` calls readFile, posts `{ note: summary }` to stateSync and returns the summary
    (its enum's values included); a native error rejects it with nothing posted. Fails, never
    skips, when the script is not in output/: the demo's scripts must all be built."""
    manifest = load_manifest()
    entries = [e for e in manifest["scripts"] if e["name"] == "note-summary"]
    check(entries, "output/manifest.json has no script note-summary: the demo's TypeScript script "
                   "(userscripts/note-summary.ts) was not built into output/ "
                   "(make demo, with a hawser that compiles TypeScript)")
    entry = entries[0]
    check_equal(entry["file"], "note-summary.js", "note-summary's file")
    check(str(entry.get("source")).endswith("userscripts/note-summary.ts"),
          "note-summary's source is the .ts script, not %r" % entry.get("source"))
    check("enum NoteLength" not in read_output("note-summary.js") and ": NoteSummary" not in read_output("note-summary.js"),
          "output/note-summary.js still holds TypeScript")
    page = Page(demo_html(), before=[CONSOLE_ERRORS])
    try:
        check_equal(page.js('return await window.summarizeNote("notes.txt");'), NOTE_SUMMARY, "summarizeNote's result")
        check_equal(page.native.bodies("readFile"), [{"path": "notes.txt"}], "readFile's payloads")

        def summaries():
            return [b for b in page.native.bodies("stateSync") if isinstance(b, dict) and "note" in b]

        spin_until(lambda: summaries(), "the summary to reach stateSync")
        check_equal(summaries(), [{"note": NOTE_SUMMARY}], "the summaries posted to stateSync")
        result = page.js("""
            try {
              await window.summarizeNote("missing.txt");
              return { resolved: true };
            } catch (e) {
              return { name: e.name, code: e.code, handler: e.handler, message: e.message };
            }
        """)
        check_equal(result, {"name": "HawserError", "code": "native", "handler": "readFile",
                             "message": "no such file: missing.txt"}, "the rejection")
        spin_for(0.2)
        check_equal(summaries(), [{"note": NOTE_SUMMARY}], "the summaries after the rejection")
        check_equal(page.js("return window.consoleErrors;"), [], "the errors reported")
    finally:
        page.close()


MODULE_FIXTURES = os.path.join(REPO, "Tests", "Fixtures", "modules")


@test
def module_graphs_run_as_user_scripts(notes):
    """Every module fixture (Tests/Fixtures/modules, the cases compare_bundlers.py also runs in
    node and esbuild): built by the real binary, injected as the manifest says, each entry one
    classic user script; the messages its scripts post are its expected.json."""
    sys.path.insert(0, os.path.join(REPO, "Tests", "Modules"))
    import compare_bundlers  # noqa: E402 (the fixture copy, Debian packages included)
    cases = sorted(c for c in os.listdir(MODULE_FIXTURES)
                   if os.path.isfile(os.path.join(MODULE_FIXTURES, c, "expected.json")))
    check(len(cases) >= 8, "the module fixtures are there (%d)" % len(cases))
    ran = 0
    for case in cases:
        Clock.start(TEST_TIMEOUT_S)  # each case its own time: a build and a page
        with open(os.path.join(MODULE_FIXTURES, case, "expected.json"), encoding="utf-8") as f:
            expected = json.load(f)
        with tempfile.TemporaryDirectory(prefix="hawser-e2e-modules-") as work:
            project = compare_bundlers.prepare(case, work)
            if project is None:
                notes.append("%s skipped: its Debian package is not installed" % case)
                continue
            run = subprocess.run([HAWSER, "build", "--no-cache", "--directory", project], capture_output=True, text=True, timeout=60)
            if run.returncode != 0:
                raise Failure("%s: hawser build failed:\n%s%s" % (case, run.stdout, run.stderr))
            manifest, scripts = read_built_scripts(os.path.join(project, "out"))
        names = sorted({m["handler"] for m in expected})
        page = Page(page_with(""), scripts=scripts, before=[CONSOLE_ERRORS], manifest=manifest, notes=notes)
        try:
            for name in names:
                count = sum(1 for m in expected if m["handler"] == name)
                page.wait_messages(name, count, what="%s: %d message(s) to %r" % (case, count, name))
            spin_for(0.05)
            for name in names:
                check_same(page.native.bodies(name), [m["body"] for m in expected if m["handler"] == name],
                           "%s: the messages to %r" % (case, name))
            check_equal(page.js("return window.consoleErrors;"), [], "%s: the errors reported" % case)
        finally:
            page.close()
        ran += 1
    check(ran >= 8, "module fixtures run (%d)" % ran)


@test
def double_injection_of_the_runtime_is_harmless(notes):
    manifest = load_manifest()
    scripts = manifest_scripts(manifest, notes)
    runtime = [(e, s) for e, s in scripts if e["origin"] == "runtime"]
    check_equal(len(runtime), 1, "runtime entries in the page world")
    # The runtime twice before the user scripts, and once more after them.
    page = Page(demo_html(), scripts=runtime + scripts + runtime, manifest=manifest,
                native=Native(answer=lambda request: None))
    try:
        check_equal(page.js('return typeof hawser.call;'), "function", "hawser.call")
        # A call pending across a fourth evaluation of the runtime still settles.
        page.js('window.pending = hawser.call("readFile", { path: "later.txt" }, { timeoutMs: 5000 })'
                '.then((v) => ({ value: v }), (e) => ({ code: e.code, message: e.message }));')
        spin_until(lambda: page.native.requests, "the readFile request to reach native")
        page.js(runtime[0][1], what="the runtime to run again")
        request = page.native.requests[0]
        check_equal(request.payload, {"path": "later.txt"}, "readFile's payload")
        request.resolve('"late"')
        check_equal(page.js('return await window.pending;'), {"value": "late"}, "the pending call")
        # Listeners and forwarding are not doubled.
        page.js('window.dispatchEvent(new CustomEvent("imagechanged", { detail: { success: false } }));')
        page.wait_messages("imageChanged", 1)
        spin_for(0.3)
        check_equal(page.native.bodies("imageChanged"), [{"success": False}], "imageChanged's messages")
        check_equal(page.js('return hawser.emit("greeting", "once");'), 1, "greeting listeners")
    finally:
        page.close()


# -------------------------------------------------------------------------------------------------
# Escape torture: values that break naive escaping, across the bridge both ways and through the
# build. Values are compared as parsed values (Python objects from the JavaScript values), never
# as JSON text.

MEBIBYTE = 1 << 20


def torture_strings():
    """Strings that break naive escaping, by name. Lone surrogates are representable on both
    sides: JavaScript strings are UTF-16, a Python str holds them, and they travel as JSON
    escapes (`\\ud800`), since a GVariant or C string could not carry them (nor NUL)."""
    filler = "0123456789abcdef" * (MEBIBYTE // 16)
    nasty = "\u2028\"'\\</script>\u0000\n\U0001F600"
    megabyte = filler[:4096] + nasty + filler[4096 + len(nasty):]
    return {
        "quotes": "\"double\" 'single' `backtick` ${template}",
        "backslashes": "\\ \\\\ \\n \\u2028 \\x00 \\",
        "newlines": "lf\ncrlf\r\ncr\rend\n",
        "separators": "\u2028line\u2029paragraph\u0085next",
        "script": "</script><script>alert(1)</script><!-- --> ]]> </style>",
        "nul": "\u0000a\u0000\u0000b",
        "controls": "".join(chr(c) for c in range(1, 32)) + "\u007f",
        "emoji": "\U0001F600 \U0001F469\u200d\U0001F469\u200d\U0001F467 \U0001F1E9\U0001F1EA e\u0301 \ufeff",
        "loneHigh": "a\ud800b",
        "loneLow": "\udc00",
        "reversedPair": "\udc00\ud800",
        "megabyte": megabyte,
    }


def torture_value():
    """Every torture string, as values and as keys, nested in an array and an object."""
    strings = torture_strings()
    small = {k: v for k, v in strings.items() if k != "megabyte"}
    return {"strings": strings, "list": list(small.values()),
            "keys": {v: k for k, v in small.items()}}


def as_json(value):
    """JSON text of `value` in ASCII: lone surrogates and NUL become escapes."""
    return json.dumps(value, ensure_ascii=True)


def first_difference(actual, expected, path="value"):
    """Where `actual` differs from `expected` (parsed values), or None; short enough to print."""
    if type(actual) is not type(expected):
        return "%s: expected a %s, got a %s" % (path, type(expected).__name__, type(actual).__name__)
    if isinstance(expected, dict):
        if set(actual) != set(expected):
            missing = sorted(set(expected) - set(actual))[:3]
            extra = sorted(set(actual) - set(expected))[:3]
            return "%s: keys differ (missing %s, extra %s)" % (path, as_json(missing)[:200], as_json(extra)[:200])
        for key in expected:
            problem = first_difference(actual[key], expected[key], "%s[%s]" % (path, as_json(key)[:60]))
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if len(actual) != len(expected):
            return "%s: %d items, expected %d" % (path, len(actual), len(expected))
        for index, (a, e) in enumerate(zip(actual, expected)):
            problem = first_difference(a, e, "%s[%d]" % (path, index))
            if problem:
                return problem
        return None
    if actual != expected:
        if isinstance(expected, str):
            at = next((i for i, (a, e) in enumerate(zip(actual, expected)) if a != e), min(len(actual), len(expected)))
            return ("%s: differs at index %d of %d (expected %s, got %s)"
                    % (path, at, len(expected), as_json(expected[at:at + 12]), as_json(actual[at:at + 12])))
        return "%s: expected %s, got %s" % (path, as_json(expected)[:100], as_json(actual)[:100])
    return None


def check_same(actual, expected, what):
    problem = first_difference(actual, expected)
    if problem:
        raise Failure("%s: %s" % (what, problem))


# In the page: a deep comparison with ===, so the page itself tells what arrived changed.
SAME_IN_PAGE = """
    function same(a, b) {
      if (typeof a !== typeof b) return false;
      if (typeof a !== "object" || a === null || b === null) return a === b;
      if (Array.isArray(a) !== Array.isArray(b)) return false;
      const ka = Object.keys(a), kb = Object.keys(b);
      return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
    }
"""

TORTURE_CONFIG = {
    "handlers": {
        "echoReply": {"kind": "request", "transport": "reply"},
        "echoSettle": {"kind": "request", "transport": "settle"},
        "sink": {"kind": "message"},
        "we\"ird</script>\u2028'\\name": {"kind": "message"},
    },
}
ODD_HANDLER = "we\"ird</script>\u2028'\\name"
TORTURE_CSS_NAME = "style \"x\" '</script>' & <b>"
TORTURE_CSS_BODY = ("body::after { content: \"\\\"</script>\\2028\u2028\u2029\"; }\n"
                    "/* '\\' \u0000 \U0001F600 */\n")
TORTURE_CSS = "/* ==UserStyle==\n@name %s\n@run-at document-start\n==/UserStyle== */\n%s" % (
    TORTURE_CSS_NAME, TORTURE_CSS_BODY)
# A script whose file name holds U+2028, a JavaScript line terminator: in the header comment and
# the sourceURL it must not end the comment (the rest of the name would run as code).
ODD_SCRIPT_FILE = "odd\u2028window.injected=1;.js"


def torture_page(native=None):
    """A page with the runtime and scripts of a build of TORTURE_CONFIG, the odd script and
    the style sheet; the handlers registered are those a WebKit signal name can carry."""
    with tempfile.TemporaryDirectory(prefix="hawser-e2e-") as directory:
        manifest, scripts = build_project(directory, {
            ODD_SCRIPT_FILE: "window.oddRan = true;\n",
            "torture.css": TORTURE_CSS,
        }, TORTURE_CONFIG)
    registered = dict(manifest, handlers=[h for h in manifest["handlers"] if h["name"] != ODD_HANDLER])
    return manifest, Page(page_with("<p>torture</p>"), scripts=scripts, manifest=registered, native=native)


@test
def escape_torture_page_to_native_post_and_call(notes):
    value = torture_value()
    echoed = []

    def echo(request):
        echoed.append(request.payload)
        request.resolve(as_json(request.payload))

    _, page = torture_page(native=Native(answer=echo))
    try:
        posted = page.js("return hawser.post('sink', JSON.parse(valueJSON));", {"valueJSON": as_json(value)})
        check_equal(posted, True, "hawser.post's result")
        check_same(page.wait_messages("sink", 1)[0], value, "what native received from post")
        # call: native gets the value, and echoes it back through the reply handler.
        result = page.js(SAME_IN_PAGE + """
            const sent = JSON.parse(valueJSON);
            const reply = await hawser.call("echoReply", sent, { timeoutMs: 8000 });
            return { same: same(reply, sent), reply: reply };
        """, {"valueJSON": as_json(value)})
        check_same(echoed[0], value, "what native received from call")
        check_same(result["reply"], value, "the reply the page got")
        check_equal(result["same"], True, "the reply is === the value sent, in the page")
    finally:
        page.close()


@test
def escape_torture_settle_and_emit_native_to_page(notes):
    value = torture_value()
    message = "".join(v for k, v in torture_strings().items() if k != "megabyte")
    page = torture_page()[1]
    try:
        page.js("window.pendingSettle = hawser.call('echoSettle', JSON.parse(valueJSON), { timeoutMs: 8000 })"
                ".then((v) => ({ value: v }), (e) => ({ code: e.code, message: e.message }));"
                "window.pendingError = hawser.call('echoSettle', 1, { timeoutMs: 8000 })"
                ".then((v) => ({ value: v }), (e) => ({ code: e.code, message: e.message }));",
                {"valueJSON": as_json(value)})
        bodies = page.wait_messages("echoSettle", 2)
        check_same(bodies[0]["payload"], value, "the payload in the settle envelope")
        # As the generated Swift settles: the runtime's settle, with the values as arguments.
        settled = page.js("return hawser.settle(id, JSON.parse(valueJSON), null);",
                          {"id": bodies[0]["id"], "valueJSON": as_json(bodies[0]["payload"])})
        check_equal(settled, True, "settle's result")
        failed = page.js("return hawser.settle(id, null, JSON.parse(messageJSON));",
                         {"id": bodies[1]["id"], "messageJSON": as_json(message)})
        check_equal(failed, True, "settle's result for the error")
        result = page.js(SAME_IN_PAGE + """
            const outcome = await window.pendingSettle;
            return { same: same(outcome.value, JSON.parse(valueJSON)), outcome: outcome,
                     error: await window.pendingError };
        """, {"valueJSON": as_json(value)})
        check_same(result["outcome"], {"value": value}, "what the settled call resolved with")
        check_equal(result["same"], True, "the settled value is === the value, in the page")
        check_same(result["error"], {"code": "native", "message": message}, "the settle error")

        # emit: an event name and a detail of torture values reach the listener unchanged.
        event = "</script>\u2028\"'\\\u0000\ud800"
        page.js("window.received = []; hawser.on(JSON.parse(eventJSON), (d) => window.received.push(d));",
                {"eventJSON": as_json(event)})
        called = page.js("return hawser.emit(JSON.parse(eventJSON), JSON.parse(detailJSON));",
                         {"eventJSON": as_json(event), "detailJSON": as_json(value)})
        check_equal(called, 1, "listeners called by emit")
        check_same(page.js("return window.received;"), [value], "what the listener received")
    finally:
        page.close()


@test
def escape_torture_through_the_build(notes):
    """Names, a style sheet and a file name that break naive escaping, compiled by hawser build."""
    manifest, page = torture_page()
    try:
        state = page.js("""
            const style = document.querySelector("style[data-hawser]");
            return { oddRan: window.oddRan === true, injected: typeof window.injected,
                     styleName: style && style.getAttribute("data-hawser"),
                     css: style && style.textContent,
                     contract: Object.keys(hawser.contract).sort(),
                     odd: hawser.contract[oddName] || null };
        """.replace("oddName", as_json(ODD_HANDLER)))
        check_equal(state["oddRan"], True, "the script whose file name holds U+2028 ran")
        check_equal(state["injected"], "undefined", "code from the file name ran")
        check_equal(state["styleName"], TORTURE_CSS_NAME, "the style element's data-hawser")
        check_same(state["css"], TORTURE_CSS, "the style element's text")
        check_equal(state["contract"], sorted(TORTURE_CONFIG["handlers"]), "the contract's handler names")
        check_equal(state["odd"], {"kind": "message", "transport": "reply"}, "the odd handler's contract entry")
        check(any(e["source"] == "scripts/" + ODD_SCRIPT_FILE for e in manifest["scripts"]),
              "the manifest names the odd script's source")
    finally:
        page.close()


# -------------------------------------------------------------------------------------------------
# Flow I: cookies before the first load. The generated Swift's `setCookies(_:in:)` calls
# WKHTTPCookieStore.setCookie for each cookie and completes once every call has completed; the
# app loads after that. WebKitGTK's equivalent is the cookie manager's add_cookie and its callback.


class CookieServer:
    """An HTTP server on 127.0.0.1 (ephemeral port, its own thread) recording each request's path
    and Cookie header, in arrival order; every path answers with the same small page."""

    def __init__(self):
        requests = self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                requests.append((self.path, self.headers.get("Cookie")))
                body = page_with("<p>cookies</p>").encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path):
        return "http://127.0.0.1:%d%s" % (self.server.server_address[1], path)

    def first_cookie_header(self, path):
        """The Cookie header of the first request for `path` (None: none; missing: no request)."""
        for request_path, cookie in list(self.requests):
            if request_path == path:
                return cookie
        raise Failure("no request for %s reached the server (got %s)" % (path, self.requests))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def login_cookie(value):
    """A session cookie for the server's host, readable by the page (not HttpOnly)."""
    return Soup.Cookie.new("hawser_login", value, "127.0.0.1", "/", -1)


def add_cookie(context, cookie, box=None):
    """Starts storing `cookie` in the context's cookie store; returns `box` (a new dict by
    default), which gets `stored` (add_cookie_finish's result) when WebKit calls back."""
    box = {} if box is None else box

    def done(manager, result, _data):
        try:
            box["stored"] = manager.add_cookie_finish(result)
        except GLib.Error as error:
            box["error"] = error.message

    context.get_website_data_manager().get_cookie_manager().add_cookie(cookie, None, done, None)
    return box


def wait_cookie_stored(box, what):
    spin_until(lambda: box, what)
    if "error" in box:
        raise Failure("%s: add_cookie failed: %s" % (what, box["error"]))
    check_equal(box["stored"], True, "%s: add_cookie_finish" % what)


def stored_cookie_values(context, uri):
    """The values of `hawser_login` the cookie store holds for `uri`."""
    box = {}

    def done(manager, result, _data):
        box["cookies"] = manager.get_cookies_finish(result)

    context.get_website_data_manager().get_cookie_manager().get_cookies(uri, None, done, None)
    spin_until(lambda: "cookies" in box, "the cookie store to list the cookies of %s" % uri)
    return [c.get_value() for c in box["cookies"] if c.get_name() == "hawser_login"]


def document_cookie(page):
    return page.js("return document.cookie;")


@test
def flow_i_cookie_stored_before_the_first_load_is_sent_with_it(notes):
    """As `await Bridge.setCookies([cookie], in: configuration)` then `webView.load(request)`:
    the first request carries the cookie and the page sees it in document.cookie."""
    server = CookieServer()
    try:
        for run in range(2):
            context = WebKit2.WebContext.new_ephemeral()  # a fresh, empty cookie store each run
            value = "waited-%d-%d" % (os.getpid(), run)
            wait_cookie_stored(add_cookie(context, login_cookie(value)), "the cookie to be stored")
            path = "/waited-%d" % run
            page = Page(None, web_context=context, uri=server.url(path), notes=notes)
            try:
                check_equal(server.first_cookie_header(path), "hawser_login=" + value,
                            "run %d: the Cookie header of the first request" % run)
                check_equal(document_cookie(page), "hawser_login=" + value, "run %d: document.cookie" % run)
            finally:
                page.close()
    finally:
        server.close()


UNWAITED_RUNS = 5


@test
def flow_i_cookie_not_waited_for_is_reported(notes):
    """The race the helper avoids: add_cookie, then load at once without waiting for its callback.
    Whether the first request carries the cookie is up to WebKit's scheduling, so it is only
    reported (a note); what is checked is what is certain: the callback comes, the page loads,
    and afterwards the store holds the cookie."""
    server = CookieServer()
    outcomes = []
    try:
        for run in range(UNWAITED_RUNS):
            context = WebKit2.WebContext.new_ephemeral()
            value = "unwaited-%d-%d" % (os.getpid(), run)
            path = "/unwaited-%d" % run
            box = {}

            def store_without_waiting(view, context=context, value=value, box=box):
                add_cookie(context, login_cookie(value), box)

            page = Page(None, web_context=context, uri=server.url(path), notes=notes,
                        before_load=store_without_waiting)
            try:
                first = server.first_cookie_header(path)
                callback_before_load_finished = "stored" in box or "error" in box
                wait_cookie_stored(box, "run %d: the add_cookie callback" % run)
                check_equal(stored_cookie_values(context, server.url(path)), [value],
                            "run %d: the cookie in the store after the load" % run)
                outcomes.append((first == "hawser_login=" + value, callback_before_load_finished))
            finally:
                page.close()
    finally:
        server.close()
    with_cookie = sum(1 for had, _ in outcomes if had)
    notes.append("WebKitGTK %d.%d.%d, cookie added without waiting and the page loaded at once: the first "
                 "request carried it in %d of %d runs (the add_cookie callback had come before the load "
                 "finished in %d)" % (WebKit2.get_major_version(), WebKit2.get_minor_version(),
                                      WebKit2.get_micro_version(), with_cookie, len(outcomes),
                                      sum(1 for _, early in outcomes if early)))


# -------------------------------------------------------------------------------------------------
# Runner


def main():
    global VERBOSE, HAWSER, OUTPUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", dest="only", default="", help="run only tests whose name contains this")
    parser.add_argument("--verbose", action="store_true", help="print the pages' console messages")
    parser.add_argument("--hawser", default=HAWSER, help="the hawser binary (default: %(default)s)")
    parser.add_argument("--output", default=OUTPUT,
                        help="the build output to test, with its manifest.json (default: %(default)s)")
    args = parser.parse_args()
    VERBOSE = args.verbose
    HAWSER = os.path.abspath(args.hawser)
    OUTPUT = os.path.abspath(args.output)
    if not os.path.isfile(os.path.join(OUTPUT, "manifest.json")):
        print("webkit-e2e: error: %s has no manifest.json; run `hawser build` first" % OUTPUT, file=sys.stderr)
        return 2

    if not Gtk.init_check(sys.argv)[0]:
        print("webkit-e2e: error: cannot open a display; run under `xvfb-run -a`", file=sys.stderr)
        return 2
    # A last resort if WebKit itself wedges: dump the stacks and exit non-zero.
    faulthandler.dump_traceback_later(TEST_TIMEOUT_S * (len(TESTS) + 2), exit=True)

    print("webkit-e2e: WebKitGTK %d.%d.%d, output %s" % (WebKit2.get_major_version(),
                                                       WebKit2.get_minor_version(),
                                                       WebKit2.get_micro_version(),
                                                       os.path.relpath(OUTPUT)))
    passed = failed = 0
    started = time.monotonic()
    selected = [t for t in TESTS if args.only in t.__name__]
    for function in selected:
        notes = []
        Clock.start(TEST_TIMEOUT_S)
        t0 = time.monotonic()
        try:
            function(notes)
        except Failure as failure:
            failed += 1
            print("FAIL %s (%.1f s): %s" % (function.__name__, time.monotonic() - t0, failure))
        except Exception:  # a bug in the harness or an API surprise: still a failure, with a trace
            failed += 1
            print("FAIL %s (%.1f s): unexpected exception\n%s"
                  % (function.__name__, time.monotonic() - t0, traceback.format_exc()))
        else:
            passed += 1
            print("ok   %s (%.1f s)" % (function.__name__, time.monotonic() - t0))
        for note in dict.fromkeys(notes):
            print("     note: %s" % note)
        sys.stdout.flush()
    faulthandler.cancel_dump_traceback_later()
    print("webkit-e2e: %.1f s" % (time.monotonic() - started))
    print("%d passed, %d failed" % (passed, failed))
    if not selected:
        print("webkit-e2e: error: no test matches %r" % args.only, file=sys.stderr)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
