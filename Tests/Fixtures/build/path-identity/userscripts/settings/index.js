window.webkit.messageHandlers.settings.postMessage({ open: true });
