window.webkit.messageHandlers.open.postMessage({fileName: "notes.txt", line: 3});
window.webkit.messageHandlers.rename.postMessage({title: 42, force: false});
window.webkit.messageHandlers.style.postMessage({theme: "dark", fontSize: 14});
window.webkit.messageHandlers.custom.postMessage({other: "x"});
window.webkit.messageHandlers.snake.postMessage({file_path: "a"});
window.webkit.messageHandlers.forwarded.postMessage({x: 1});
