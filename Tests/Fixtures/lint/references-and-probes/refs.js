// A reference passed, returned or stored is a use; an existence test is a probe.
function send(handler, payload) { handler.postMessage(payload); }
send(window.webkit.messageHandlers.passed, {});
function get() { return window.webkit.messageHandlers.returned; }
const table = { stored: window.webkit.messageHandlers.stored };

if (window.webkit && window.webkit.messageHandlers.probeIf) { console.log("native"); }
const kind = typeof window.webkit.messageHandlers.probeTypeof;
const has = "probeIn" in window.webkit.messageHandlers;
const missing = !window.webkit?.messageHandlers?.probeNot;
const exists = window.webkit.messageHandlers.probeTernary ? 1 : 0;
if (window.webkit.messageHandlers.probeCompare !== undefined) {}
