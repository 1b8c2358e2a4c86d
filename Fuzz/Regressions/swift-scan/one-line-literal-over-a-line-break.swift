func f() {
    w.line("#end (message) {
        window.webkit.messageHandlers.logError.postMessage(message);
    ")
}
