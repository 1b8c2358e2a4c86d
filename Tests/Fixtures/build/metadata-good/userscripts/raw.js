// ==UserScript==
// @unwrap
// ==/UserScript==
var injectedAsWritten = true;
