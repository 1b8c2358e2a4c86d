// A wrapper called with a name computed at runtime: that call is a computed name, and the
// wrapper's access keeps counting as one (so no registration is reported unused).
function send(name, body) {
  webkit.messageHandlers[name].postMessage(body);
}
send('ping', 1);
send(location.hash.slice(1), 2);

// Two functions that pass a name to each other, and one of them posts: the cycle ends, and
// the literal reaches the post through both.
function first(name, depth) {
  if (depth > 0) return second(name, depth - 1);
  webkit.messageHandlers[name].postMessage(depth);
}
function second(name, depth) {
  return first(name, depth);
}
second('ping', 3);
second('pong', 3);

// A cycle with no post at all: no wrapper.
function ping(name) { return pong(name); }
function pong(name) { return ping(name); }
pong('notAHandler');
