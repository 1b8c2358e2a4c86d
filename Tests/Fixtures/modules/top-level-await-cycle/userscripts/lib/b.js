import { a } from "./a.js";
import { post } from "./post.js";

post("b starts");
await null;
export const b = "b";
post("b ends");
export function readA() {
  return a;
}
