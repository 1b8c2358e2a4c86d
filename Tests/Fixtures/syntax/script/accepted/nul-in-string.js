// accepted
var s = "a \0 b";
