// ==UserScript==
// @require twni
// @require cycle-a
// ==/UserScript==
