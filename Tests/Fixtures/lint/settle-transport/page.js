async function run() {
  // Settle transport: the reply comes through hawser.settle, so a handler registered
  // without reply is right.
  const a = await hawser.call("legacyRead", {});
  // Reply transport for this one: it must be registered with reply.
  const b = await hawser.call("modern", {});
  // A raw postMessage result still needs a reply handler.
  const c = await window.webkit.messageHandlers.legacyRead.postMessage({});
  return [a, b, c];
}
