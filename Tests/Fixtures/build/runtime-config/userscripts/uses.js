async function run() {
  const slow = await bridge.call("slowRead", { path: "a" });
  const fast = await bridge.call("fastRead", { path: "b" });
  bridge.post("telemetry", { slow, fast });
}
run();
