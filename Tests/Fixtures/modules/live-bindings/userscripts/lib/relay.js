export { count, increment } from "./counter.js";
