// ==UserScript==
// @name shared
// ==/UserScript==
// Explicit names still collide, whatever the folders.
document.title;
