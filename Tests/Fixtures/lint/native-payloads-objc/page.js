const handlers = window.webkit.messageHandlers;

// The key is misspelt: Objective-C returns before reading the file.
handlers.readFile.postMessage({ fileName: "notes.txt" });
// A number where Objective-C requires a string.
handlers.setTitle.postMessage({ title: 42 });
// A string where the only read checks for a number.
handlers.track.postMessage({ count: "3" });
// No report: the body goes where Hawser does not follow.
handlers.share.postMessage({ link: "https://example.com" });
// No report: the read is optional, and a key sent but not read is fine.
handlers.note.postMessage({ title: "no text" });
// No report: every required key is sent, with another one nobody reads.
handlers.openURL.postMessage({ url: "https://example.com", animated: true });
// No report: the receiver may return before reading.
handlers.late.postMessage({ at: 3 });
// An object where Objective-C accepts only a string.
handlers.log.postMessage({ line: "started" });
// No report: the message is handed to another receiver.
handlers.forwarded.postMessage({ anything: 1 });
// No report: the body goes into a dictionary literal that other code reads.
handlers.relay.postMessage({ data: 1 });
