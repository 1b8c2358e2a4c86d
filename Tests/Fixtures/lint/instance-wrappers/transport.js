// A class method whose parameter names the handler: a wrapper, keyed by its class.
class Transport {
  send(name, body) {
    return window.webkit.messageHandlers[name].postMessage(body);
  }
}

class Native {
  static post(name, body) {
    webkit.messageHandlers[name].postMessage(body);
  }
  emit = (name) => webkit.messageHandlers[name].postMessage(null);
}
