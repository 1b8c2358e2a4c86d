// ==UserScript==
// @run-at document-idle
// @world  tools
// ==/UserScript==
console.log("idle");
