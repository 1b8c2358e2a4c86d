interface Point { x: number; y: number }
type Pair<T> = [T, T];
export function add(a: number, b: number): number {
  return a + b
}
const p = { x: 1, y: 2 } as Point;
let q = (p as any).x!;
let r = <number>q;
export const f = <T,>(v: T): T => v;
class Box<T> implements Iterable<T> {
  declare tag: string;
  private items: Array<T> = [];
  public readonly size?: number;
  get first(): T | undefined { return this.items[0] }
  add(item: T): this { this.items.push(item); return this }
  *[Symbol.iterator](): Iterator<T> { yield* this.items }
}
function over(a: string): void;
function over(a: any) { console.log(a) }
console.log(add(1, 2), f<string>(`t${p.x}`), /a\/b/g.test("a/b"), 1_000n, r, new Box<number>().add(3).first)
