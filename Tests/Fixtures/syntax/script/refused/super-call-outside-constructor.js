// refused at 2:17
class A { m() { super(); } }
