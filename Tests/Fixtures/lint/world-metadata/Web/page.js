// The app's own page: it runs in the page world.
window.webkit.messageHandlers.pageHandler.postMessage("loaded");
window.webkit.messageHandlers.anyWorld.postMessage("loaded");
window.webkit.messageHandlers.debugOnly.postMessage("loaded");
