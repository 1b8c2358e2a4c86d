window.webkit.messageHandlers.hostCall.postMessage({});
window.webkit.messageHandlers.hostLog.postMessage({});
window.webkit.messageHandlers.hostPing.postMessage({});
window.webkit.messageHandlers.flatAlpha.postMessage({});
window.webkit.messageHandlers.flatBeta.postMessage({});
// A true misspelling stays an error, with its suggestion.
window.webkit.messageHandlers.hostPong.postMessage({});
