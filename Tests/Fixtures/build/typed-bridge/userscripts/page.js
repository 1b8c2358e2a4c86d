// ==UserScript==
// @world tools
// ==/UserScript==
async function run() {
  const text = await hawser.call("readFile", { path: "a.txt", options: { encoding: "utf8" } });
  const verified = await hawser.call("2fa", { code: "123456" });
  hawser.post("my-handler", { text, verified, count: 2, tags: ["a"] });
  hawser.post("notification_name", "ready");
  hawser.post("default", null);
}
run();
