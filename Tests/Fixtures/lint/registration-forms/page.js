window.webkit.messageHandlers.plain.postMessage(1);
window.webkit.messageHandlers.inWorld.postMessage(2);
async function f() {
  return [
    await window.webkit.messageHandlers.withReply.postMessage(3),
    await window.webkit.messageHandlers.legacy.postMessage(4),
  ];
}
