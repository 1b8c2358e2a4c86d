// A marker of a form the config does not list.
const readerSettings = {{reader_settings}};
window.webkit.messageHandlers.reader.postMessage(readerSettings);
