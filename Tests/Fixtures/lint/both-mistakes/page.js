// Both mistakes on one line: a misspelt handler and a method that does not exist.
window.webkit.messageHandlers.readFileHandlder.pushMessage({ path: "a.txt" });
// Only the method is wrong.
window.webkit.messageHandlers.readFileHandler.pushMessage({ path: "b.txt" });
// Both right.
window.webkit.messageHandlers.observer.postMessage({ ready: true });
