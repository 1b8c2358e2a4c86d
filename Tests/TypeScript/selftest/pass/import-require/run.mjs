import kind from "./input.js"; console.log(kind);
