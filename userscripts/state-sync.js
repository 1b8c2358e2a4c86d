// Flow D: state sync. Post the page's application state only when it changed,
// at most once a second.
let lastPosted;

function syncState() {
  const state = window.appState;
  if (state === undefined) return;
  const json = JSON.stringify(state);
  if (json === lastPosted) return;
  lastPosted = json;
  window.webkit.messageHandlers.stateSync.postMessage(JSON.parse(json));
}

setInterval(syncState, 1000);
