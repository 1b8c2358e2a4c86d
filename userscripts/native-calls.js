// Flow E: native → page. Native calls `window.setGreeting(text)` through
// callAsyncJavaScript(_:arguments:in:contentWorld:), which passes `text` as an argument
// instead of splicing it into source. The page tells native when it is ready.
window.setGreeting = (text) => {
  const element = document.getElementById("greeting");
  if (element) element.textContent = text;
};

const { pageReady } = window.webkit.messageHandlers;
document.addEventListener("DOMContentLoaded", () => {
  pageReady.postMessage({ url: location.href });
});
