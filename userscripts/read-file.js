// ==UserScript==
// @name        read-file
// @description Flow B: JS awaits native's reply through the runtime's promise.
// ==/UserScript==

// `readFile` is a request (its result is awaited), so Hawser's runtime posts the payload and
// adopts the Promise WebKit returns; native answers through its replyHandler. Outside the app
// the call rejects with code "unavailable" instead of throwing a TypeError.
async function readAppFile(path) {
  return await hawser.call("readFile", { path }, { timeoutMs: 5000 });
}

window.readAppFile = readAppFile;
