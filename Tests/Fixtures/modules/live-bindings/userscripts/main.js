// An imported binding is a live view of the exporting module's variable, directly, through a
// rename, through a re-export and through the namespace object.
import { count, increment, total } from "./lib/counter.js";
import { count as relayed, increment as bump } from "./lib/relay.js";
import * as counter from "./lib/counter.js";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post([count, total, relayed, counter.count]);
increment();
increment();
post([count, total, relayed, counter.count]);
bump();
post([count, total, relayed, counter.count]);
