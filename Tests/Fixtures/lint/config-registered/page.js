// Silent: registered through hawser.json's "registered".
window.webkit.messageHandlers.analytics.postMessage({ event: "open" });
// Silent: the pattern matches; a declared name may reply.
const token = await window.webkit.messageHandlers.Focus_7f3a.postMessage(1);
// Silent: registered in Swift.
window.webkit.messageHandlers.observer.postMessage(2);

// Reported: a misspelt declared name gets its did-you-mean.
window.webkit.messageHandlers.analytic.postMessage(3);
// Reported: the pattern needs its prefix.
window.webkit.messageHandlers.Blur_7f3a.postMessage(4);
