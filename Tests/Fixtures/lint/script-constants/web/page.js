window.webkit.messageHandlers.pageHandler.postMessage("page");
window.webkit.messageHandlers.objcPage.postMessage("page");
