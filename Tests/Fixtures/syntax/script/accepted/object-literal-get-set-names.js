// accepted
var o = { get: 1, set: 2, async: 3, static: 4, get x() { return 1; }, set x(v) {} };
