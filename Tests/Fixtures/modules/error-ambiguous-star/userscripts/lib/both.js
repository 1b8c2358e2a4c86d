export * from "./one.js";
export * from "./two.js";
