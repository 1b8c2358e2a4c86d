window.webkit.messageHandlers.ready.postMessage({});
