// No @world: the app may inject this script in any world itself, so its world is not known
// and it is not checked against worlds.
window.webkit.messageHandlers.debugOnly.postMessage("ready");
window.webkit.messageHandlers.readerHandler.postMessage("ready");
