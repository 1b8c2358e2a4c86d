// refused at 2:11
var t = `\u{`;
