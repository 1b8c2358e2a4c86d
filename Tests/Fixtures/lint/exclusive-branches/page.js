webkit.messageHandlers.fetch.postMessage({});
webkit.messageHandlers.mode.postMessage({});
webkit.messageHandlers.log.postMessage({});
webkit.messageHandlers.twice.postMessage({});
// A computed name the author vouches for: it does not hide the unused 'orphan'.
const name = pickName();
// hawser-ignore: dynamic-handler-name
webkit.messageHandlers[name].postMessage({});
