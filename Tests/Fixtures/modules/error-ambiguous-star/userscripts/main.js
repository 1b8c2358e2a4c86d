import { shared } from "./lib/both.js";

window.webkit.messageHandlers.result.postMessage(shared);
