function report(detail) { window.webkit.messageHandlers.reportFromB.postMessage(detail); }
report({ from: "b" });
