window.__app__.execute(function ($) {
  const messageHandler = 'ready';
  // Through a constant the front end resolves.
  $.postNativeMessage(messageHandler, { state: 'complete' });
  // A result used: awaited, from a handler registered with reply.
  async function load() {
    return await $.postNativeMessage('fetchData', { id: 1 });
  }
  load();
  // A misspelt name through a wrapper is still an error, with its did-you-mean.
  $.postNativeMessage('prnt', {});
});

notify('print', {});
bridge.send('share', {});
// A wrapper of a wrapper: `track` passes its `name` on to `bridge.send`.
window.app.track('tap', 'metrics');

// A local function that only its own scope can call.
(function () {
  function post(name) {
    webkit.messageHandlers[name].postMessage(null);
  }
  post('local');
})();
// Not the local `post` above: a global of the same name that is no wrapper.
post('notAHandler');
