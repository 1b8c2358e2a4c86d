// ==UserScript==
// @require index
// ==/UserScript==
// No script is called 'index' any more: names are paths.
document.title;
