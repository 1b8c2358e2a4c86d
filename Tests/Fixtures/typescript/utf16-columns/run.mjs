globalThis.window = {};
const { all } = await import("./input.js");
console.log(JSON.stringify(all));
