let a = 1
let b = a as number
(b as any).toString()
class C {
  x = 1
  declare y: number
  ["z"] = 2
}
console.log(b, new C())
