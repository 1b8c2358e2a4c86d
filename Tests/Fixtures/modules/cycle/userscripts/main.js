// a.js and b.js import each other. The spec evaluates depth first: log.js, then b.js (its
// import of a.js is already in progress), then a.js, then this entry. Function declarations
// are hoisted, so b.js can call a.js's before a.js has run.
import { order, note } from "./lib/log.js";
import { aValue, aHoisted } from "./lib/a.js";
import { fromB, bHoisted } from "./lib/b.js";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
note("main");
post(order.slice());
post(aValue);
post([aHoisted(), bHoisted(), fromB]);
