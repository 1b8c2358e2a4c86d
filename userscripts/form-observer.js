// Flow A: page → native. On submit, post the form's name and email to `observer`.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const data = new FormData(form);
  window.webkit.messageHandlers.observer.postMessage({
    name: String(data.get("name") ?? ""),
    email: String(data.get("email") ?? ""),
  });
});
