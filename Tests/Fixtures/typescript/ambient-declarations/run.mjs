import { made } from "./input.js";
console.log(made);
