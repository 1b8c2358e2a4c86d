                                        
                      
export function add(a        , b        )         {
    return a + b
}
const p = { x: 1, y: 2 }         ;
let q = (p       ).x ;
let r =         q;
export const f =     (v   )    => v;
class Box                           {
                      
          items           = [];
                  size         ;
  get first()                { return this.items[0] }
  add(item   )       { this.items.push(item); return this }
  *[Symbol.iterator]()              { yield* this.items }
}
                               
function over(a     ) { console.log(a) }
console.log(add(1, 2), f        (`t${p.x}`), /a\/b/g.test("a/b"), 1_000n, r, new Box        ().add(3).first)
