// Callbacks: the caller ignores what they return, so the result is not used.
window.addEventListener("scroll", () => webkit.messageHandlers.log.postMessage(window.scrollY));
document.addEventListener("click", (e) => webkit.messageHandlers.log.postMessage(e.type), { passive: true });
setTimeout(function () { return webkit.messageHandlers.log.postMessage("late"); }, 100);
[1, 2].forEach((n) => webkit.messageHandlers.log.postMessage(n));

// Results that are used: by a named function or a method, handed on, awaited.
const send = (body) => webkit.messageHandlers.log.postMessage(body);
const api = { ping() { return webkit.messageHandlers.log.postMessage("ping"); } };
async function all(names) { return Promise.all(names.map((n) => webkit.messageHandlers.log.postMessage(n))); }
window.addEventListener("load", async () => { show(await webkit.messageHandlers.log.postMessage("load")); });

// Fine: a handler registered with reply.
const read = (path) => webkit.messageHandlers.read.postMessage({ path });
