// ==UserScript==
// @require c-last
// @require z-first
// ==/UserScript==
