// Wrappers: a parameter names the handler. Their calls, in this file and the others, are uses.
window.__app__.install(function ($) {
  $.postNativeMessage = function (messageHandlerName, message) {
    let result = window.webkit.messageHandlers[messageHandlerName].postMessage(message);
    return result;
  };
});

// A declaration whose parameter reaches the access through a const alias.
function notify(name, body) {
  const handlerName = name;
  window.webkit.messageHandlers[handlerName].postMessage(body);
}

// An object literal's method, and an arrow function assigned to a member.
const bridge = {
  send(name, body) {
    return webkit.messageHandlers[name].postMessage(body);
  },
};
window.app = {};
app.track = (event, name) => bridge.send(name, { event });
