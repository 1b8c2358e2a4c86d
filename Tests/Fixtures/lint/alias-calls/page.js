// Each call through one alias is a use of its own, at its own place, with its own payload
// and its own result: only the awaited one expects a reply.
const h = webkit.messageHandlers.log;
h.postMessage(1);
h.postMessage("two");
async function f() {
  await h.postMessage({ three: 3 });
}

// Through an alias of an alias, and a destructured one.
const h2 = h;
h2.postMessage(4);
const { log } = webkit.messageHandlers;
log.postMessage(5);

// A misspelt alias: each call through it is reported where it is made.
const typo = webkit.messageHandlers.lgo;
typo.postMessage(6);
typo.postMessage(7);
