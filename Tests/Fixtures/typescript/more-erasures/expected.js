const Klass = class    extends Array                           { size;
  constructor(                 size        ) { super(); this.size = size; }
};
const call = obj?.method        ("x");
function defaults            (value    , ...rest          )                     {}
let tuple                                   = [1];
let fn                                  = () => {};
let ctor                           ;
export default          class Named {}
class Accessors {
          static          instance            ;
            get value()         { return 1; }
         set value(v        ) {}
  static #secret         = "s";


  constructor(a         ) {}
}
export {                      } from "./elsewhere";
