// A path with a space and a comma, a non-ASCII name, and columns after multi-byte text.
const label = "café ☕"; window.webkit.messageHandlers.obsrever.postMessage({ label });
window.webkit.messageHandlers["naïve"].postMessage(1);
window.webkit.messageHandlers[label].postMessage(2);
