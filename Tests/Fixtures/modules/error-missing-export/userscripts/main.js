import { nope } from "./lib/a.js";

window.webkit.messageHandlers.result.postMessage(nope);
