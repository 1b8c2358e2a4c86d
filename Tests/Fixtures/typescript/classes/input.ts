interface Named { name: string }
abstract class Base<T> implements Named {
  abstract name: string;
  protected readonly id?: number;
  private cache!: Map<string, T>;
  public static count: number = 0;
  declare hidden: string;
  [key: string]: unknown;
  abstract describe(): string;
  override toString(): string { return this.describe(); }
  protected helper?(): void;
  get label(): string { return "base"; }
  set label(value: string) {}
}
class Derived extends Base<number> implements Named, Iterable<number> {
  name = "derived";
  describe(): string { return this.name; }
  *[Symbol.iterator](): Iterator<number> { yield 1; }
}
export abstract class Exported {}
