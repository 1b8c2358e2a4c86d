// ==UserScript==
// @match https://app.example.com/*
// ==/UserScript==
// Guarded, so wrapped: the return leaves the wrapper function.
if (window.guardedReady) return;
window.guardedReady = true;
function later() { return 1; }
