// ==UserScript==
// @description Flow D: post the page's application state when it changed, at most once a second.
// @noframes
// ==/UserScript==
hawser.syncState("stateSync", () => window.appState, { intervalMs: 1000 });
