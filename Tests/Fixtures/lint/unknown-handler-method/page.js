window.webkit.messageHandlers.observer.pushMessage({ name: "x" });
const handler = window.webkit.messageHandlers.observer;
handler.send("y");
// Not diagnosed: postMessage itself.
window.webkit.messageHandlers.observer.postMessage("z");
