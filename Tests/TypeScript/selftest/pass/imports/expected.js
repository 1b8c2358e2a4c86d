import {         b } from "./dep.js";
                                  
import d, {        } from "./dep.js";
import { unused } from "./dep.js";
export {        };
                  
export { b };
const x    = b;
console.log(x, d);
