import { readConfig } from "reads-files";

window.webkit.messageHandlers.result.postMessage(readConfig());
