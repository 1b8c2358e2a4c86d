// a.js and b.js import each other, and b.js awaits at its top level. The spec runs b.js first
// (a.js's import of it comes first), and a.js only once b.js has finished, awaits included;
// b.js's import of a.js is a cycle, so it does not wait for a.js.
import { a } from "./lib/a.js";
import { readA } from "./lib/b.js";
import { post } from "./lib/post.js";

post(["main", a, readA()]);
