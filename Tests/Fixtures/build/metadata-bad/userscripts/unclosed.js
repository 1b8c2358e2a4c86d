// ==UserScript==
// @name unclosed
console.log(1);
