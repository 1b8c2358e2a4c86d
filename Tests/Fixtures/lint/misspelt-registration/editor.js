window.webkit.messageHandlers.readFile.postMessage({path: "a.txt"});
window.webkit.messageHandlers.saveNote.postMessage({text: "a"});
window.webkit.messageHandlers.logHandlr.postMessage("opened");
window.webkit.messageHandlers.ready.postMessage(null);
window.webkit.messageHandlers.openTab.postMessage({url: "https://example.com"});
