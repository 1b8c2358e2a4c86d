// The entry awaits at top level, and imports a module that does too: the module finishes
// before the entry's body starts.
import { ready, load } from "./lib/loader.js";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post(["start", ready]);
const value = await load(5);
post(["loaded", value]);
await null;
post("end");
