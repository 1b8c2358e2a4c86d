import type { Options } from "./options";
export interface Settings { options: Options }
export type Mode = "fast" | "slow";
const local: Mode = "fast";
console.log(local);
