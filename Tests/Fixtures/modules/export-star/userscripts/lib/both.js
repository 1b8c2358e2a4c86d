export * from "./one.js";
export * from "./two.js";
export const own = "own";
