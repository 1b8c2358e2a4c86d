// ==UserScript==
// @match https://app.example.com/*
// ==/UserScript==
'use strict';
var visits = 1;
let value = "live";
const { theme, sizes: [small, ...larger] } = { theme: "dark", sizes: [1, 2, 3] };
class Reader {}
function guardedStrict() { return this === undefined; }
var document;
for (var index = 0; index < 1; index++) {}
if (visits) { var nested = true; let blockScoped = 1; }
