#!/usr/bin/env node
// A script with every metadata key.
// ==UserScript==
// @name          Everything
// @description   Uses every key of the metadata block.
// @run-at        document-start
// @noframes
// @world         defaultClient
// @match         https://*.example.com/*
// @match         http://localhost/*
// @exclude-match https://admin.example.com/*
// @require       base
// ==/UserScript==
window.webkit.messageHandlers.observer.postMessage("everything");
