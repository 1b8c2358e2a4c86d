// Handler names, kept in one module and imported where they are posted to.
export const READY = "ready";
export const LOG = "logHandler";
const MISSPELT = "redy";
export { MISSPELT };
export const COUNT = 3;
export { THEME } from "./theme-name.js";
