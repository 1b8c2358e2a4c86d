// accepted: `let` on its own line after a statement
export {};
var let_ = 1;
let
x = 1;
