// ==UserScript==
// @name Thing Two
// ==/UserScript==
// An explicit @name still wins over the path.
document.title;
