// A local export wins over a name that export * would bring.
export * from "./one.js";
export const onlyOne = "shadowed";
