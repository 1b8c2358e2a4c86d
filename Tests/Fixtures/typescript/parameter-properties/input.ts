class Point {
  constructor(public x: number, private readonly y: number = 0, z?: number) {}
}
class Named extends Error {
  kind = "named";
  constructor(readonly message: string, protected code?: number) {
    super(message);
    console.log(this.code);
  }
}
class Override extends Named {
  constructor(override readonly message: string) { super(message, 1) }
}
class Plain {
  constructor(a: number) { console.log(a); }
}
