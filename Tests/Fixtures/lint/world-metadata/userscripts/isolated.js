// ==UserScript==
// @name isolated
// @world defaultClient
// ==/UserScript==
window.webkit.messageHandlers.debugOnly.postMessage("ready");
window.webkit.messageHandlers.anyWorld.postMessage("ready");
// Registered only in the page world: this script's world has no such handler.
window.webkit.messageHandlers.pageHandler.postMessage("ready");
