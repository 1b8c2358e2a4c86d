import { p } from "./input.js"; console.log(JSON.stringify(p));
