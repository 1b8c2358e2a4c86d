// ==UserScript==
// @run-at document-start
// ==/UserScript==
"use strict";
function ready() { return loaded; }
const settings = await Promise.resolve({ loaded: true });
let loaded = settings.loaded;
