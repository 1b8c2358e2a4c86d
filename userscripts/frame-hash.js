// ==UserScript==
// @description Flow F: hash changes, in every frame; WKNavigationDelegate does not see them.
// ==/UserScript==
window.addEventListener("hashchange", () => {
  window.webkit.messageHandlers.hashChanged.postMessage({
    hash: location.hash,
    isMainFrame: window === window.top,
  });
});
