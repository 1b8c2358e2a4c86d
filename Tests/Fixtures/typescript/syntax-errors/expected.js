let a         = ;
function f(x         { return x; }
