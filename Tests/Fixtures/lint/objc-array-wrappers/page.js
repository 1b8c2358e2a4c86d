window.webkit.messageHandlers.shareSheet.postMessage([]);
window.webkit.messageHandlers.saveImage.postMessage([]);
window.webkit.messageHandlers.printPage.postMessage(null);
window.webkit.messageHandlers.zoomIn.postMessage(null);
window.webkit.messageHandlers.copyLink.postMessage(null);
window.webkit.messageHandlers.closeViewer.postMessage(null);
// A true misspelling stays an error, with its suggestion.
window.webkit.messageHandlers.saveImg.postMessage([]);
window.webkit.messageHandlers.rotatePage.postMessage({ degrees: 90 });
