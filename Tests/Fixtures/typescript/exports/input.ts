export interface Options { verbose: boolean }
export type Level = "low" | "high";
export declare const external: number;
export default interface Shape { area(): number }
export type { Thing } from "./thing";
export function size(options: Options): number { return 1; }
const a = 1, b = 2;
export { type Level as Degree, a, b };
export { a as first, type Options as Settings };
