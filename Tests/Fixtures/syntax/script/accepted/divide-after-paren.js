// accepted: a slash after ) is division, after a keyword a regular expression
var n = (4) / 2 / 1;
if (n) /x/.test("x");
