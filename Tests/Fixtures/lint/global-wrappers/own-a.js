// Two scripts define a global of one name, each posting to its own handler: a script calls its
// own (the one it was written against), so each call is a use of that script's handler only.
function report(detail) { window.webkit.messageHandlers.reportFromA.postMessage(detail); }
report({ from: "a" });
