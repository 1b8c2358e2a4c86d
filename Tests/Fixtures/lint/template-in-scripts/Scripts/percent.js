// Placeholder-like text in a string parses as written: no finding.
window.webkit.messageHandlers.reader.postMessage({ width: "100%", label: "%title%" });
