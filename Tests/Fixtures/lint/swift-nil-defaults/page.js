window.webkit.messageHandlers.openSettings.postMessage(null);
window.webkit.messageHandlers.closePanel.postMessage(null);
window.webkit.messageHandlers.reloadFeed.postMessage(null);
window.webkit.messageHandlers.defaultPipe.postMessage(null);
window.webkit.messageHandlers.fastPipe.postMessage(null);
// A true misspelling stays an error, with its suggestion.
window.webkit.messageHandlers.reloadFed.postMessage(null);
