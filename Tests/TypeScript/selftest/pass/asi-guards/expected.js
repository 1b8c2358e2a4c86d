let a = 1
let b = a;        
(b       ).toString()
class C {
  x = 1
  ;                
  ["z"] = 2
}
console.log(b, new C())
