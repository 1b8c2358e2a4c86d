const Klass = class<T> extends Array<T> implements Iterable<T> {
  constructor(private readonly size: number) { super(); }
};
const call = obj?.method<string>("x");
function defaults<T = string>(value?: T, ...rest: Array<T>): asserts value is T {}
let tuple: readonly [a: number, b?: string] = [1];
let fn: (this: void, x: number) => void = () => {};
let ctor: abstract new () => object;
export default abstract class Named {}
class Accessors {
  private static readonly instance?: Accessors;
  protected get value(): number { return 1; }
  public set value(v: number) {}
  static #secret: string = "s";
  declare readonly shape: unknown;
  constructor();
  constructor(a?: number) {}
}
export { type Accessors as A2 } from "./elsewhere";
