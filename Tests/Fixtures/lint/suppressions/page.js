// hawser-ignore: unregistered-handler
window.webkit.messageHandlers.experimental.postMessage(1);
window.webkit.messageHandlers.trailing.postMessage(2); // hawser-ignore: unregistered-handler
/* hawser-ignore: dynamic-handler-name, unknown-handler-method */
window.webkit.messageHandlers[name].pushMessage(3);
// hawser-ignore: unused-handler (wrong code: still reported)
window.webkit.messageHandlers.stillReported.postMessage(4);
