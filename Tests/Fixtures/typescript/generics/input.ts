function identity<T>(value: T): T { return value; }
const n = identity<number>(1);
const list = new Array<string>();
class Box<T extends object = {}> {
  constructor(public readonly content: T) {}
  map<U>(f: (value: T) => U): Box<U & object> { return new Box(f(this.content) as U & object); }
}
const make = async <T,>(value: T): Promise<T> => value;
const boxed = new Box<{ a: number }>({ a: 1 });
