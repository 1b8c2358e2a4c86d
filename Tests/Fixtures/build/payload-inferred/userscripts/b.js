// A conflicting kind at one key falls back to any JSON value, with a warning at both sites.
hawser.post("mixed", { value: 42 });
hawser.post("opaque", someVariable);
// A wrapper's calls are typed by the argument it posts as the body.
function notify(handler, body) { window.webkit.messageHandlers[handler].postMessage(body); }
notify("progress", { percent: 50, done: false });
notify("progress", { percent: 100, done: true, label: "finished" });
