async function pick() {
  // picker is registered without reply.
  return await window.webkit.messageHandlers.picker.postMessage({});
}
// Only in an #if 0 block.
window.webkit.messageHandlers.disabled.postMessage(1);
window.webkit.messageHandlers.toast.postMessage(1);
window.webkit.messageHandlers.fromMacro.postMessage(1);
