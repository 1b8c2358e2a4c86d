// ==UserScript==
// @description Strict, and so in WebKit without the wrapper too.
// ==/UserScript==
"use strict";
function isStrict() { return this === undefined; }
