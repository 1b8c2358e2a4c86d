// ==UserScript==
// @description Flow E: native → page, through hawser.emit or a page function.
// @require     read-file
// ==/UserScript==

// Native delivers events with hawser.emit("greeting", text), evaluated through
// callAsyncJavaScript(_:arguments:in:contentWorld:) so the text is an argument, not source.
hawser.on("greeting", (text) => {
  const element = document.getElementById("greeting");
  if (element) element.textContent = text;
});

// The same for native code that calls a page function directly.
window.setGreeting = (text) => hawser.emit("greeting", text);

hawser.post("pageReady", { url: location.href });
