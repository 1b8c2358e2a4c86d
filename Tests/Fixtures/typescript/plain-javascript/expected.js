const a = 1;
function f(b, c = 2) { return b < c ? a : (b) > c; }
class K { #p = 1; static m() { return new K(); } }
export default f;
