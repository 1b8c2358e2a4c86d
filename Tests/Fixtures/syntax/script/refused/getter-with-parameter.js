// refused at 2:17
var o = { get x(a) { return a; } };
