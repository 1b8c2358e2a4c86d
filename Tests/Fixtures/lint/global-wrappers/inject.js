// Globals that an injected script defines, each posting its own parameter to one handler.
// Their calls, in any script or page, are uses of that handler at the call.
window.NativeBridge = {
  postMessage(data) {
    window.webkit.messageHandlers.bridge.postMessage(data);
  },
};
window.Analytics = {
  send: function (event) {
    return window.webkit.messageHandlers.analytics.postMessage(event);
  },
};
window.Share = window.webkit.messageHandlers.share;
window.logToNative = function (message) {
  window.webkit.messageHandlers.log.postMessage(message);
};
globalThis.Haptics = { tap(style) { webkit.messageHandlers.haptic.postMessage(style); } };
self.Printer = (doc) => webkit.messageHandlers.print.postMessage(doc);
var Reader = window.webkit.messageHandlers.reader;
function openSettings(section) {
  webkit.messageHandlers.settings.postMessage(section);
}

// Misspelt in the definition: one error, at the definition (the line to fix), whatever the calls.
window.Typo = { postMessage(d) { webkit.messageHandlers.prnt.postMessage(d); } };

// Posts no parameter of its own: no wrapper, its own post is the use.
window.ready = function () {
  webkit.messageHandlers.lifecycle.postMessage("ready");
};
// Defined and never called: the definition stays the use.
window.Idle = { postMessage(d) { webkit.messageHandlers.idle.postMessage(d); } };
// A local object is no global: calls elsewhere cannot reach it.
(function () {
  const Local = { postMessage(d) { webkit.messageHandlers.local.postMessage(d); } };
  Local.postMessage(0);
})();
// Given through a parameter `$`, the object may be any: its calls are not followed, and its
// own post is the use.
(function ($) {
  $.api = { postMessage(d) { webkit.messageHandlers.api.postMessage(d); } };
})(jQuery);
