// ==UserScript==
// @world defaultClient
// ==/UserScript==
window.framed = true;
