// A const initialised by a string names the handler as surely as the literal does.
const OBSERVER = "observr";
const READ = `readFile`;
window.webkit.messageHandlers[OBSERVER].postMessage({});
async function read(path) {
  return hawser.call(READ, { path });
}
// Not constants: a let, and a parameter that shadows the const.
let changing = "observer";
window.webkit.messageHandlers[changing].postMessage({});
function send(OBSERVER) {
  hawser.post(OBSERVER, {});
}
