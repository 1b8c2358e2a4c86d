// accepted
var a = null; a ??= 1_000_000; a ||= 2; a &&= 3;
