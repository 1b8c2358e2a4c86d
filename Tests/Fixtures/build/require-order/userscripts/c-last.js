// ==UserScript==
// @require b-middle
// ==/UserScript==
