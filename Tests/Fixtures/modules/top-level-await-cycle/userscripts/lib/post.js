export const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
