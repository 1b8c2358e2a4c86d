let a: number = ;
function f(x: string { return x; }
