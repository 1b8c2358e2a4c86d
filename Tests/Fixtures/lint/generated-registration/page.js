// With generated registration, every contract handler is registered by the generated bridge.
hawser.post("observer", {});
const text = await hawser.call("readFile", { path: "a.txt" });
window.webkit.messageHandlers.legacy.postMessage({ text });
