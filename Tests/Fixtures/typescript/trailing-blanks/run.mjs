import { text, id } from "./input.js";
console.log(JSON.stringify(text), id);
