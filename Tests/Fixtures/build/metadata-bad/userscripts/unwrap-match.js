// ==UserScript==
// @unwrap
// @match https://example.com/*
// ==/UserScript==
