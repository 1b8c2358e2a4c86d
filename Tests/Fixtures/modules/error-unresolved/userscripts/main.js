import "./nope.js";

window.webkit.messageHandlers.result.postMessage("unreachable");
