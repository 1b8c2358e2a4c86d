// Flow B: native reply through a promise. `readFile` is registered with reply, so
// postMessage returns a Promise that native settles through its replyHandler.
async function readAppFile(path) {
  if (!window.webkit?.messageHandlers?.readFile) {
    throw new Error("readFile is only available inside the app");
  }
  return await window.webkit.messageHandlers.readFile.postMessage({ path });
}

window.readAppFile = readAppFile;
