import { READY, LOG as logName, MISSPELT, COUNT, THEME } from "./names.js";
import * as names from "./names.js";

function send(name, body) {
  window.webkit.messageHandlers[name].postMessage(body);
}

// Resolved like a local constant: a use of 'ready', 'logHandler' and 'theme'.
send(READY, {});
window.webkit.messageHandlers[logName].postMessage("started");
send(THEME, "dark");
// The constant's value is misspelt: the error is here, where it is posted to.
send(MISSPELT, {});
// Not a string: still a computed name.
send(COUNT, {});
// A namespace member is not followed: a computed name.
send(names.READY, {});
