// ==UserScript==
// @run-at document-start
// @noframes
// ==/UserScript==
window.agreeing = true;
