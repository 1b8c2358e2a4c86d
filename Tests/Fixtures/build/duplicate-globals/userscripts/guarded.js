// ==UserScript==
// @match https://app.example.com/*
// ==/UserScript==
let shared = 4;
