import data from "./data.json";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post(data);
post([data.list.length, data.nested.ok]);
