window.webkit.messageHandlers.observer.postMessage({});
window.webkit.messageHandlers.readFile.postMessage({});
