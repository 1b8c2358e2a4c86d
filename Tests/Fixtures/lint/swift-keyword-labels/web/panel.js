window.webkit.messageHandlers.openTray.postMessage(null);
window.webkit.messageHandlers.closeTray.postMessage(null);
window.webkit.messageHandlers.tapCount.postMessage(1);
window.webkit.messageHandlers.pingBack.postMessage({});
window.webkit.messageHandlers.dockItem.postMessage(null);
window.webkit.messageHandlers.restoreTab.postMessage(null);
window.webkit.messageHandlers.replayLast.postMessage(null);
window.webkit.messageHandlers.markRead.postMessage(null);
window.webkit.messageHandlers.chooseFile.postMessage(null);
window.webkit.messageHandlers.cancelPick.postMessage(null);
// A true misspelling stays an error, with its suggestion.
window.webkit.messageHandlers.openTrey.postMessage(null);
