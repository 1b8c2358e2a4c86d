// ==UserScript==
// @match https://docs.example.org/guide/*
// @match http://localhost:8080/*
// ==/UserScript==
globalThis.ran.push("two-hosts");
