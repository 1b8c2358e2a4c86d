class Members {
  value = 1
  declare other: string;
  ["computed"]() { return 1; }
  more = 2
  helper?(): void;
  *generator() {}
  last = 3;
  [key: string]: unknown;
  ["x"] = 4
  done = 5;
  declare skipped: number;
  [Symbol.iterator]() {}
  other = 6
  abstract kind: string;
  [Symbol.toStringTag] = "members"
}
class Modifiers {
  a = 1
  public ["b"]() { return 2; }
  c = 3
  private *gen() {}
  d = 4
  readonly ["e"] = 5;
  protected f = 6
  override ["g"] = 7;
  static h = 8;
  public ["i"] = 9;
}
