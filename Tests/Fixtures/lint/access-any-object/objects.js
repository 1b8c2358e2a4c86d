// `.webkit.messageHandlers` read from any object is the handlers: a window passed in, another
// frame's window, a member.
function post(win, data) {
  win.webkit.messageHandlers.bridge.postMessage(data);
}
const send = (win) => (data) => win.webkit.messageHandlers.bridge.postMessage(data);
top.webkit.messageHandlers.fromTop.postMessage(1);
parent.webkit.messageHandlers.fromParent.postMessage(2);
self.webkit.messageHandlers.fromSelf.postMessage(3);
globalThis.webkit.messageHandlers.fromGlobalThis.postMessage(4);
app.frame.webkit.messageHandlers.fromMember.postMessage(5);
frames[0].webkit.messageHandlers["from-index"].postMessage(6);
iframe.contentWindow?.webkit?.messageHandlers?.fromOptional?.postMessage(7);
class Host {
  post(data) {
    this.window.webkit.messageHandlers.fromThis.postMessage(data);
  }
}
(function (window) {
  // A parameter called `window` (an IIFE given the window) reads the same handlers.
  window.webkit.messageHandlers.fromParameter.postMessage(8);
})(window);
function viaAlias(win) {
  const handlers = win.webkit.messageHandlers;
  handlers.fromAlias.postMessage(9);
}
function computed(win, name) {
  win.webkit.messageHandlers[name].postMessage(10);
}

// A misspelling through any object is still one.
top.webkit.messageHandlers.brige.postMessage(11);

// Not the handlers: no `.webkit` before `.messageHandlers`, or a local called `webkit`.
win.messageHandlers.notAHandler.postMessage(12);
function local(webkit) {
  webkit.messageHandlers.alsoNotAHandler.postMessage(13);
}
options.webkitThing.messageHandlers.notEither.postMessage(14);
// Probes are probes, from any object.
if (win.webkit && win.webkit.messageHandlers && win.webkit.messageHandlers.probe) {}
