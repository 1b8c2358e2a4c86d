// accepted
class A { static #count = 0; static { A.#count = 1; } static has(o) { return #count in o; } }
