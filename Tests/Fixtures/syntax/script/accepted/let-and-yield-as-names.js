// accepted: sloppy scripts may name variables let and yield
var let = 1, yield = 2;
let = yield;
