// The enums' objects, with their reverse mappings, as each compiler's JavaScript builds them.
import * as module from "./input.js";
console.log(JSON.stringify(module.Flags));
