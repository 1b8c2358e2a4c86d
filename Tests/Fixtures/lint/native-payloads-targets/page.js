window.webkit.messageHandlers.open.postMessage({href: "https://example.com"});
