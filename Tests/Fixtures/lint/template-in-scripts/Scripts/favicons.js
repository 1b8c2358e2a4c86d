// A template the app fills in before injecting it: built as written, it would not parse.
(function () {
  const icons = Array.from(document.querySelectorAll("link[rel~=icon]")).map((l) => l.href);
  window.webkit.messageHandlers.%favicon_handler%.postMessage(icons);
})();
