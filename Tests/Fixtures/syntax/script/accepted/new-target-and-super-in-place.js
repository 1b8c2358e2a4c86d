// accepted
function F() { return new.target; }
class B { m() { return super.toString(); } }
class C extends B { constructor() { super(); } }
