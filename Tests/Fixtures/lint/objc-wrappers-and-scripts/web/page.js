const handlers = window.webkit.messageHandlers;
handlers.macroName.postMessage(1);
handlers.stringized.postMessage(1);
handlers.wrapped.postMessage(1);
handlers.wrappedConstant.postMessage(1);
handlers.forwarded.postMessage(1);
handlers.customHandler.postMessage(1);
handlers.runtimeOnly.postMessage(1);
