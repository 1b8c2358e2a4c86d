// Forms from ts-blank-space's cases.
function f(/*a*/           /*b*/  x        ) { return x; }
function g(           /*c*/ y        ) { return y; }
const cast = 1          /*comment*/;
const castAgain = 2          /*comment*/ + 1;
const id =     (x   ) => x;
const id2 =    (x   ) => x;
const id3 =                   (x   )    => x;
const later =     (x   ) =>
  x;
export const values = [f.call({}, 1), g.call({}, 2), cast, castAgain, id(3), id2(4), id3({}), later(5)];

