// ==UserScript==
// @name twin
// ==/UserScript==
