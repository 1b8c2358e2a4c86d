import("./lib/a.js").then((a) => window.webkit.messageHandlers.result.postMessage(a.value));
