// tally is a CommonJS package: the default import is its module.exports, named imports are
// its properties. legacy.cjs require()s it, and require()s an ES module (its namespace).
import tally from "tally";
import { kind, double } from "tally";
import helpers from "tally/lib/helpers.js";
import legacy from "./lib/legacy.cjs";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post([typeof tally, tally(1, 2, 3), tally.kind]);
post([kind, double(21)]);
post([helpers.name, helpers.double(4)]);
post(legacy);
