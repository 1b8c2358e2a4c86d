// ==UserScript==
// @name reader
// @world reader
// ==/UserScript==
window.webkit.messageHandlers.readerHandler.postMessage("opened");
// Registered only in defaultClient, not in the 'reader' world.
window.webkit.messageHandlers.debugOnly.postMessage("opened");
