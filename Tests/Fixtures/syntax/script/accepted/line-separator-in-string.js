// accepted: U+2028 may appear in a string literal (ES2019)
var s = "a b";
