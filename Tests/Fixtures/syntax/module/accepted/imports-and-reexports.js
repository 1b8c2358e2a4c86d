// accepted
import { v } from "./ok.js";
export { v as value };
export * from "./ok.js";
