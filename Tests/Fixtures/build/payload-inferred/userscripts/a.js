// Inferred payloads: keys at every site are required, keys at some sites optional.
hawser.post("observer", { name: "Ada", email: `ada@${"example.com"}`, age: 36, admin: false, tags: ["x"], address: { city: "London" } });
window.webkit.messageHandlers.observer.postMessage({ name: "Grace", email: "g@example.com", address: { city: "NYC", zip: "10001" } });
async function run() { return await hawser.call("count", 3); }
hawser.post("mixed", { value: "text" });
