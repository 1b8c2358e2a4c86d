// ==UserScript==
// @run-at  document-start
// @require late
// ==/UserScript==
