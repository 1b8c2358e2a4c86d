// refused at 3:11
export {};
var s = "\1";
