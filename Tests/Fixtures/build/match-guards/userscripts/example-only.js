// ==UserScript==
// @match https://*.example.com/*
// @exclude-match https://admin.example.com/*
// ==/UserScript==
globalThis.ran.push("example-only");
