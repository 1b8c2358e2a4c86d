// ==UserScript==
// @require cycle-b
// ==/UserScript==
