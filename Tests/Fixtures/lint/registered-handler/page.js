// Every use has a registration: nothing to report.
window.webkit.messageHandlers.observer.postMessage({ name: "Ada", email: "ada@example.com" });
async function read(path) {
  return await window.webkit.messageHandlers.readFile.postMessage({ path });
}
