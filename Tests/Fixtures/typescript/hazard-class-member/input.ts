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
