// Flow C: DOM events → native. The page fires `imagechanged` with a success flag.
const handlers = window.webkit.messageHandlers;

window.addEventListener("imagechanged", (event) => {
  handlers.imageChanged.postMessage({ success: Boolean(event.detail?.success) });
});
