const messageHandler = '$<message_handler>';
webkit.messageHandlers[messageHandler].postMessage({ ready: true });
webkit.messageHandlers.$<message_handler>.postMessage({ scrolled: 1 });
// Still reported: a placeholder nothing fills in is listed, but this name is plainly wrong.
webkit.messageHandlers.readerChanel.postMessage({});
