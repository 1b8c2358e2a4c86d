// ==UserScript==
// @world tools
// ==/UserScript==
let shared = 3;
