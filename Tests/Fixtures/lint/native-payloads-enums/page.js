window.webkit.messageHandlers.openFile.postMessage({file: "notes.txt"});
window.webkit.messageHandlers.closeWindow.postMessage({animated: true});
window.webkit.messageHandlers.rename.postMessage({title: 42});
window.webkit.messageHandlers.share.postMessage({text: "hi"});
window.webkit.messageHandlers.ping.postMessage({ident: "a"});
window.webkit.messageHandlers.pong.postMessage({n: 1});
