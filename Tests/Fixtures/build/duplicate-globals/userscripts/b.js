const shared = 2;
let both = 2;
var helper;
var fine = 2;
class Fresh {}
