// ==UserScript==
// @nmae   typo
// @run-at never
// @noframes please
// @world  two words
// @match  example.com
// ==/UserScript==
