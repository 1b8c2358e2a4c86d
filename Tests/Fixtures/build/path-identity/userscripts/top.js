// Directly in the scripts folder: the name is the file name, as before.
window.webkit.messageHandlers.reader.postMessage("top");
