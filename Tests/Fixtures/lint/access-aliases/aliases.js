// Aliases of window.webkit, of messageHandlers and of one handler, by lexical scope.
const wk = window.webkit;
wk.messageHandlers.viaWebkit.postMessage(1);

const handlers = window.webkit.messageHandlers;
handlers.viaHandlers.postMessage(2);

const single = window.webkit.messageHandlers.viaSingle;
single.postMessage(3);

const { messageHandlers } = window.webkit;
messageHandlers.viaDestructuring.postMessage(4);

const { messageHandlers: mh } = webkit;
mh.viaRenamed.postMessage(5);

const { viaKey } = window.webkit.messageHandlers;
viaKey.postMessage(6);

function shadowed(handlers) {
  // `handlers` is a parameter here, not the alias: not a handler use.
  handlers.notAHandler.postMessage(7);
}

function local(window) {
  // A local `window` (a window passed in): `.webkit.messageHandlers` of any object is a use.
  window.webkit.messageHandlers.viaLocalWindow.postMessage(8);
}

{
  let inner = window.webkit.messageHandlers;
  inner.blockScoped.postMessage(9);
}

let moving = window.webkit.messageHandlers;
moving = {};
moving.reassigned.postMessage(10);

// Declared without a value and assigned once: it only ever holds that handler.
var assignedOnce;
try {
  assignedOnce = window.webkit.messageHandlers['viaAssignedOnce'];
} catch (_) {}
assignedOnce.postMessage(11);

// Assigned twice: no single value.
var assignedTwice;
assignedTwice = window.webkit.messageHandlers.first;
assignedTwice = window.webkit.messageHandlers.second;
assignedTwice.postMessage(12);
