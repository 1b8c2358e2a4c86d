const relativeFilePath = "notes.txt";
window.webkit.messageHandlers.readFile.postMessage({fileName: relativeFilePath});
window.webkit.messageHandlers.media.postMessage({data: {playing: true}});
window.webkit.messageHandlers.log.postMessage({text: "hi"});
window.webkit.messageHandlers.save.postMessage({title: "a", size: 3, extra: true});
window.webkit.messageHandlers.optional.postMessage({other: 1});
window.webkit.messageHandlers.action.postMessage({kind: "close"});
window.webkit.messageHandlers.track.postMessage({event: "open"});
window.webkit.messageHandlers.forced.postMessage({total: 2});
window.webkit.messageHandlers.unread.postMessage({x: 1});
const payload = {name: "n"};
window.webkit.messageHandlers.variable.postMessage(payload);
// A constant object changed before it is posted: its keys are not known, no report.
const mutated = {name: "m"};
mutated.id = "x";
window.webkit.messageHandlers.mutated.postMessage(mutated);
// Through functions that post to one handler: the handler is named once, each call's literal is checked.
function sendWrapped(d) { window.webkit.messageHandlers.wrapped.postMessage(d); }
sendWrapped({identifier: "a"});
sendWrapped({identifier: "b"});
function sendSave(d) { window.webkit.messageHandlers.save.postMessage(d); }
sendSave({title: "b", size: 1});
window.webkit.messageHandlers.local.postMessage({files: "a"});
