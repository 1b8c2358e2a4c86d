// ==UserScript==
// @require z-first
// ==/UserScript==
