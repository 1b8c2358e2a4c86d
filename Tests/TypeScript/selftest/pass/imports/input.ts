import { type A, b } from "./dep.js";
import type { C } from "./dep.js";
import d, { type E } from "./dep.js";
import { unused } from "./dep.js";
export { type A };
export type { C };
export { b };
const x: A = b;
console.log(x, d);
