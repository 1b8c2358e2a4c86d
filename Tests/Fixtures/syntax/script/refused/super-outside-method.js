// refused at 2:27
function f() { return 1 + super.x; }
