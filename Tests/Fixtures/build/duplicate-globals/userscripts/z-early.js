// ==UserScript==
// @run-at document-start
// ==/UserScript==
let early = 0;
