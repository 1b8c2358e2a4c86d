// refused at 3:12
export {};
var x = 1; <!-- not a comment in a module
