// Flow F: hash changes, in the main frame and in iframes, are forwarded to native;
// WKNavigationDelegate does not see same-document navigations inside frames.
window.addEventListener("hashchange", () => {
  window.webkit.messageHandlers.hashChanged.postMessage({
    hash: location.hash,
    isMainFrame: window === window.top,
  });
});
