// A template: the app fills in $<message_handler>, %allow_bypass% and the others before injecting it.
(async function () {
  const messageHandler = '$<message_handler>';
  if (!%allow_bypass%) { return; }
  // A templated use, then a real mistake on the same line: its column is exact.
  webkit.messageHandlers.$<message_handler>.postMessage(icons()); webkit.messageHandlers.obsrever.postMessage(1);
  window.webkit.messageHandlers[messageHandler].postMessage({ token: {{security_token}} });
  const reply = await webkit.messageHandlers["%reply_handler%"].postMessage($IS_DEBUG$);
  // Placeholders that name no handler are just text.
  $.postNativeMessage('$<message_handler>', { reply });
  webkit.messageHandlers.observer.postMessage("$<message_handler>");
})();
