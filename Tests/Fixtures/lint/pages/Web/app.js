// A page script, loaded by index.html: linted like any script.
window.webkit.messageHandlers.pageReady.postMessage(1);
// Reported: a page posting to a handler a refactoring deleted.
window.webkit.messageHandlers.legacyBridge.postMessage(2);
