// refused at 2:29
class A { m() { return this.#x; } }
