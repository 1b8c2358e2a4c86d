// ==UserScript==
// @require cycle-a
// ==/UserScript==
