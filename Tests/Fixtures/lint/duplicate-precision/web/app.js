window.webkit.messageHandlers.deferredReady.postMessage({});
window.webkit.messageHandlers.deferredClose.postMessage({});
window.webkit.messageHandlers.maybeTwice.postMessage({});
window.webkit.messageHandlers.afterLoad.postMessage({});
window.webkit.messageHandlers.twice.postMessage({});
window.webkit.messageHandlers.wrappedTwice.postMessage({});
window.webkit.messageHandlers.deferredRedy.postMessage({});
