window.webkit.messageHandlers.observer.postMessage(1);
