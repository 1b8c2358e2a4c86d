// ==UserScript==
// @run-at document-start
// @world  defaultClient
// ==/UserScript==
var shared = 1;
