export type * from "./types";
export type * as Types from "./types";
export const kept = 1;
