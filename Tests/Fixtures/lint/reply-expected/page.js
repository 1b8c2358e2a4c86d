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
