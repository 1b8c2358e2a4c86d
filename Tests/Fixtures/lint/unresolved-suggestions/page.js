// Silent: registered.
window.webkit.messageHandlers.readFileHandler.postMessage({ path: "a.txt" });
// Reported, with the did-you-mean of a registered name, and the unresolved registrations
// that could be it.
window.webkit.messageHandlers.readFileHandlder.postMessage({ path: "a.txt" });
// Reported without a did-you-mean: no registered name is near, but an unresolved one may be it.
window.webkit.messageHandlers.pluginEvent.postMessage({});
