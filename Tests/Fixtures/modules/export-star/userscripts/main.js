// both.js re-exports two modules that each export `shared`: the name is ambiguous, so it is
// left out (unused, that is no error); neither module's default is re-exported by export *.
import * as both from "./lib/both.js";
import { onlyOne, onlyTwo, own } from "./lib/both.js";
import { onlyOne as shadowed } from "./lib/shadow.js";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post(Object.keys(both));
post([onlyOne, onlyTwo, own]);
post(["shared" in both, "default" in both]);
post(shadowed);
