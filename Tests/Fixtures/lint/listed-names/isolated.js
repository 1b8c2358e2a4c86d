// ==UserScript==
// @name isolated
// @world defaultClient
// ==/UserScript==
// No report: the framework that registers listed names picks their world.
window.webkit.messageHandlers.faviconFound.postMessage(location.href);
