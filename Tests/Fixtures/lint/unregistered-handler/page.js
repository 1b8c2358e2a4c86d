// A misspelt name, a name that differs only in case, and one with no near match.
window.webkit.messageHandlers.readFileHandlder.postMessage({ path: "a.txt" });
window.webkit.messageHandlers.Observer.postMessage({ name: "x" });
window.webkit.messageHandlers.somethingElse.postMessage(1);
