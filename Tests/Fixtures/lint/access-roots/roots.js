// Every root of the handler chain, optional chaining at every link, and brackets.
window.webkit.messageHandlers.a.postMessage(1);
webkit.messageHandlers.b.postMessage(2);
self.webkit.messageHandlers.c.postMessage(3);
globalThis.webkit.messageHandlers.d.postMessage(4);
window?.webkit?.messageHandlers?.e?.postMessage?.(5);
window.webkit?.messageHandlers.f.postMessage(6);
window.webkit.messageHandlers["g-h"].postMessage(7);
window["webkit"]["messageHandlers"]['i'].postMessage(8);
window.webkit.messageHandlers.typo.postMessage(9);
