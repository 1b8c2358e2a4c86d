// Uses through the runtime are handler uses, like postMessage.
async function load(path) {
  const text = await hawser.call("readFile", { path });
  hawser.post("observer", { text });
  window.hawser.post("obsrever", {});
  return globalThis.hawser.call("noReply", {});
}
function computed(name) {
  return hawser.call(name, {});
}
function shadowed(hawser) {
  // A parameter named hawser is not the runtime.
  hawser.call("notARuntimeUse");
}
