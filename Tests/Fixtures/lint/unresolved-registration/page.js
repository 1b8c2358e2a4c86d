window.webkit.messageHandlers.observer.postMessage({});
