let a = 1
type T = number;
(function () {})()
let b = a
interface I {}
[1, 2].forEach(console.log)
let c = b
declare const d: number;
`template`
let e = c
type U = 1;
-e
let f = e;
type V = 2;
(e)
let g = f
export type W = 3;
/re/.test("re")
