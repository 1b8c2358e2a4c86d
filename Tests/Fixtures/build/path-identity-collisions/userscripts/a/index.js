// ==UserScript==
// @name shared
// ==/UserScript==
document.title;
