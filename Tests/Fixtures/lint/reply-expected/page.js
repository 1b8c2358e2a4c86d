async function run() {
  // Results used with a handler registered without reply: always undefined.
  const text = await window.webkit.messageHandlers.log.postMessage("a");
  window.webkit.messageHandlers.log.postMessage("b").then((value) => console.log(value));
  // Fine: fire-and-forget to the same handler.
  window.webkit.messageHandlers.log.postMessage("c");
  // Fine: the result of a reply handler.
  const file = await window.webkit.messageHandlers.readFile.postMessage({ path: "a.txt" });
  return [text, file];
}

function defensive() {
  // Fine: the result is tested before anything else, so the code works without a reply too.
  const result = window.webkit.messageHandlers.log.postMessage("d");
  if (result && result.catch) result.catch(() => {});
  let other = window.webkit.messageHandlers.log.postMessage("e");
  if (other !== undefined) other.then(console.log);
  // Used before any test: always undefined.
  const promise = window.webkit.messageHandlers.log.postMessage("f");
  promise.then(console.log);
}
