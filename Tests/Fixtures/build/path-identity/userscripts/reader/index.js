// ==UserScript==
// @require shared/helpers
// ==/UserScript==
// reader/index: its path in the scripts folder, not a second 'index'.
window.webkit.messageHandlers.reader.postMessage(helpers.page());
