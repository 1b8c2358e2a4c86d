// A page script, loaded by index.html: linted, never compiled, so not in the output.
window.webkit.messageHandlers.pageReady.postMessage(1);
