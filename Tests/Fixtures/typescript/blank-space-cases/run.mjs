import { values } from "./input.js";
console.log(JSON.stringify(values));
