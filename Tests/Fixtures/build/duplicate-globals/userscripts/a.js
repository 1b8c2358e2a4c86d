// Injected as written: its top-level names are the page world's globals.
let shared = 1;
var both = 1;
function helper() {}
var early = 1;
var fine = 1;
