async function run() {
  hawser.post("save", {});
  await hawser.call("save", {});
  const answer = await hawser.call("log", "x");
  hawser.post("fetchUser", { id: 1 });
  // Fine: a fire-and-forget postMessage to a request handler.
  window.webkit.messageHandlers.fetchUser.postMessage({ id: 2 });
  return answer;
}
