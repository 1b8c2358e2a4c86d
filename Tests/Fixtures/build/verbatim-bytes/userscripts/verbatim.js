// ==UserScript==
// @name verbatim
// ==/UserScript==
const s = "a b 😀";
	console.log(s); // no newline at the end