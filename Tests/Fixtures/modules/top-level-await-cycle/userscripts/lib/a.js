import { b } from "./b.js";
import { post } from "./post.js";

post("a sees " + b);
export const a = "a";
