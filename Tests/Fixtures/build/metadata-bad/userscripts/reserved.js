// ==UserScript==
// @name hawser-runtime
// ==/UserScript==
