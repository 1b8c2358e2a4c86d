// Without a config, a handler name that is wholly a placeholder of a common form is a templated
// use: paired where the app fills it in, never an unregistered handler.
window.webkit.messageHandlers["%message_handler%"].postMessage(icons());
window.webkit.messageHandlers['$<handler_name>'].postMessage(1);
window.webkit.messageHandlers["{{bridgeName}}"].postMessage(2);
window.webkit.messageHandlers.$handler$.postMessage(3);
// A name with a placeholder inside it is no template without the config's forms, and a
// misspelling stays an error.
window.webkit.messageHandlers["icons%x%"].postMessage(4);
window.webkit.messageHandlers.iconLoaded.postMessage(5);

function icons() { return []; }
