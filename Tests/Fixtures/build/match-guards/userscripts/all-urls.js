// ==UserScript==
// @match <all_urls>
// @exclude-match *://*/private/*
// ==/UserScript==
globalThis.ran.push("all-urls");
