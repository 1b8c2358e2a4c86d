function ok() {
  window.webkit.messageHandlers.observer.postMessage("before");
}
const broken = {
  a: 1 +,
};
if (true {
  window.webkit.messageHandlers.observer.postMessage("inside");
}
window.webkit.messageHandlers.missing.postMessage("after");
