// Methods that pass their parameter on to a wrapper method, through an instance whose class
// the constructor makes known, are wrappers too; calls through instances are uses.
const MSG_NAME = "initialSetup";

class Messaging {
  constructor() {
    this.transport = new Transport();
  }
  request(name) {
    return this.transport.send(name, {});
  }
  notify(name, body) {
    this.transport.send(name, body);
  }
}

class App {
  constructor() {
    this.messaging = new Messaging();
  }
  start() {
    return this.messaging.request(MSG_NAME);
  }
  ping() {
    this.messaging.notify("ping", {});
    // A misspelling through an instance is still one.
    this.messaging.notify("pnig", {});
  }
  refresh() {
    this.reload("refresh");
  }
  reload(name) {
    this.messaging.notify(name, null);
  }
}

const m = new Messaging();
m.request("status");
Native.post("static", 1);
const native = new Native();
native.emit("field");

// Two methods that pass a name to each other and never post: no wrapper.
class Loop {
  a(name) { return this.b(name); }
  b(name) { return this.a(name); }
}
const loop = new Loop();
loop.a("neverPosted");

// Instances whose class cannot be known: no use, no error.
function elsewhere(messaging) {
  messaging.request("notAHandler");
}
let swapped = new Messaging();
swapped = makeMessaging();
swapped.request("alsoNotAHandler");
class Holder {
  constructor(transport) {
    this.transport = transport;
  }
  go() {
    this.transport.send("stillNotAHandler", {});
  }
}
new Messaging().request("newed");
