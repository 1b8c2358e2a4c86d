// Forms from ts-blank-space's cases.
function f(/*a*/ this: Foo /*b*/, x: number) { return x; }
function g(this: Foo, /*c*/ y: number) { return y; }
const cast = 1 as number/*comment*/;
const castAgain = 2 as number/*comment*/ + 1;
const id = <T,>(x: T) => x;
const id2 = <T>(x: T) => x;
const id3 = <T extends object>(x: T): T => x;
const later = <T,>(x: T) =>
  x;
export const values = [f.call({}, 1), g.call({}, 2), cast, castAgain, id(3), id2(4), id3({}), later(5)];
interface Foo {}
