// ==UserScript==
// @name twin
// @name again
// ==/UserScript==
