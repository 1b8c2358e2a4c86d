let value = input;
(globalThis       ).seen = value
const list = [1]                   ;
[0].forEach(console.log)
value = value          ;
 value           .trim()
const total = value
  + 1
