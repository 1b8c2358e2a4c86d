let count: number = 1;
const names: Array<string> = [];
var pair: [number, string] | undefined;
let later!: string;
function add(a: number, b: number = 2, c?: number): number {
  return a + b + (c ?? 0);
}
const arrow = (value: string): string => value.toUpperCase();
const generic = <T,>(item: T): T[] => [item];
function guard(x: unknown): x is string { return typeof x === "string"; }
function check(x: unknown): asserts x { if (!x) throw new Error("no"); }
const object = { method(this: void, a: number): void {}, get size(): number { return 1; } };
function destructure({ a, b }: { a: number; b: string }, [c]: number[]): void {}
function rest(...items: number[]): number { return items.length; }
