// ==UserScript==
// @run-at document-start
// ==/UserScript==
window.conflict = true;
