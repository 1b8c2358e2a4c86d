// A key the helper requires, misspelt: reported at the post.
window.webkit.messageHandlers.auth.postMessage({callbackName: "cb", force: true});
// The kind the helper casts to, and not what is sent.
window.webkit.messageHandlers.theme.postMessage({colors: "dark"});
// Read only when a flag says so: no report.
window.webkit.messageHandlers.log.postMessage({message: "hi"});
// Read in an `if let`: no report.
window.webkit.messageHandlers.share.postMessage({link: "https://example.com"});
// An initializer in a guard: its key is required.
window.webkit.messageHandlers.open.postMessage({file: "a.txt"});
// Handed to a helper that reads nothing: no report.
window.webkit.messageHandlers.ignored.postMessage({anything: 1});
// Through a proxy to a property's type, then a helper that calls itself.
window.webkit.messageHandlers.profile.postMessage({ident: "me"});
// Through an Objective-C weak proxy made with self.
window.webkit.messageHandlers.panel.postMessage({name: "Settings"});
// A positional array where the receiver casts the body to an array: no report.
window.webkit.messageHandlers.exec.postMessage(["cb1", "Device", "getInfo", []]);
// An object where it casts the body to an array: reported.
window.webkit.messageHandlers.position.postMessage({x: 1, y: 2});
// Received by the closure given with the name: a misspelt key is reported.
window.webkit.messageHandlers.resize.postMessage({heigth: 300});
// The closure hands the message to a method that reads what is sent: no report.
window.webkit.messageHandlers.select.postMessage({id: "a1"});
// A closure that ignores its message: unresolved, no report.
window.webkit.messageHandlers.ready.postMessage({});
