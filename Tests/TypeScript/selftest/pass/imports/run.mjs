import * as m from "./input.js"; console.log(Object.keys(m));
