// window.webkit.messageHandlers.inLineComment.postMessage(1);
/* window.webkit.messageHandlers.inBlockComment.postMessage(2); */
const s = "window.webkit.messageHandlers.inString.postMessage(3)";
const t = `window.webkit.messageHandlers.inTemplate.postMessage(4)`;
const u = `${"window.webkit.messageHandlers.inSubstitution.postMessage(5)"}`;
const re = /window.webkit.messageHandlers.inRegex.postMessage/;
window.webkit.messageHandlers.real.postMessage(`${window.webkit.messageHandlers.nested ? 1 : 0}`);
