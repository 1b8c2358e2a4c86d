document.querySelector("#save").addEventListener("click", () => {
  window.webkit.messageHandlers.saveNote.postMessage({text: document.title});
});
window.webkit.messageHandlers.openTab.postMessage({url: location.href});
