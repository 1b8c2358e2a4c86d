// refused at 3:4
var f = async
() => 1;
