let a = 1
;
(function () {})()
let b = a
;
[1, 2].forEach(console.log)
let c = b
;
`template`
let e = c
;
-e
let f = e;

(e)
let g = f
;
/re/.test("re")
export {};
