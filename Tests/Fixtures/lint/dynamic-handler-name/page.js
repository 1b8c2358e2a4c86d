function send(name, payload) {
  window.webkit.messageHandlers[name].postMessage(payload);
}
const kind = "state";
window.webkit.messageHandlers[`sync-${kind}`].postMessage({});
window.webkit.messageHandlers["prefix" + kind].postMessage({});
// Not dynamic: a literal in brackets, and a template without substitutions.
window.webkit.messageHandlers["my-handler"].postMessage(1);
window.webkit.messageHandlers[`observer`].postMessage(2);
