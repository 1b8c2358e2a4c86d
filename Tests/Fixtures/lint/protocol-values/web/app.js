// Every name a conformer of UserScript or NamedScript declares.
window.webkit.messageHandlers.readerReady.postMessage({});
window.webkit.messageHandlers.readerProgress.postMessage({});
window.webkit.messageHandlers.print.postMessage({});
window.webkit.messageHandlers.share.postMessage({});
window.webkit.messageHandlers.configured.postMessage({});
window.webkit.messageHandlers.configuredLater.postMessage({});
window.webkit.messageHandlers.focus.postMessage({});
window.webkit.messageHandlers.findInPage.postMessage({});

// True mistakes: still errors, with their did-you-mean.
window.webkit.messageHandlers.readerProgres.postMessage({});
window.webkit.messageHandlers.configuredLatr.postMessage({});
window.webkit.messageHandlers.notAHandler.postMessage({});
