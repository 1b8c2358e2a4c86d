// accepted
var ok = /[/]/.test("a/b");
