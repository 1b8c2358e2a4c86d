let count         = 1;
const names                = [];
var pair                              ;
let later         ;
function add(a        , b         = 2, c         )         {
  return a + b + (c ?? 0);
}
const arrow = (value        )         => value.toUpperCase();
const generic =     (item   )      => [item];
function guard(x         )              { return typeof x === "string"; }
function check(x         )            { if (!x) throw new Error("no"); }
const object = { method(            a        )       {}, get size()         { return 1; } };
function destructure({ a, b }                          , [c]          )       {}
function rest(...items          )         { return items.length; }
