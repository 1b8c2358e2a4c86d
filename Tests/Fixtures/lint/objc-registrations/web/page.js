window.webkit.messageHandlers.haptic.postMessage({ style: "light" });
window.webkit.messageHandlers.share.postMessage({ url: location.href });
window.webkit.messageHandlers.log.postMessage("hello");
window.webkit.messageHandlers.theme.postMessage("dark");
window.webkit.messageHandlers.analytics.postMessage({ event: "open" });
window.webkit.messageHandlers.scroll.postMessage(window.scrollY);
window.webkit.messageHandlers.resize.postMessage(window.innerWidth);
window.webkit.messageHandlers.legacyBridge.postMessage(1);
window.webkit.messageHandlers.recorder.postMessage(1);

async function read(path) {
  return await window.webkit.messageHandlers.readFile.postMessage({ path });
}

// Misspelt: the Objective-C registers 'haptic'.
window.webkit.messageHandlers.hapitc.postMessage({});
// Never registered anywhere.
window.webkit.messageHandlers.vibrate.postMessage({ ms: 20 });
