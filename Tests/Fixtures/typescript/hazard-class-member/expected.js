class Members {
  value = 1
  ;
  ["computed"]() { return 1; }
  more = 2
  ;
  *generator() {}
  last = 3;

  ["x"] = 4
  done = 5;

  [Symbol.iterator]() {}
  other = 6
  ;
  [Symbol.toStringTag] = "members"
}
class Modifiers {
  a = 1
  ;      ["b"]() { return 2; }
  c = 3
  ;       *gen() {}
  d = 4
  ;        ["e"] = 5;
            f = 6
  ;        ["g"] = 7;
  static h = 8;
         ["i"] = 9;
}
