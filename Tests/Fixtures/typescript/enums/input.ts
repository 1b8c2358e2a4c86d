enum Color { Red, Green, Blue }
enum Status {
  Active = 1,
  Inactive, // two
  Deleted = 10,
  Archived,
}
enum Text { Hello = "hello", World = "world" }
enum Mixed { A = 1, B = "b", C = 3, D }
export enum Flags {
  None = 0,
  Read = 1 << 0,
  Write = 1 << 1,
  Both = Read | Write,
  Inverse = ~Both,
  Negative = -(2),
  Fraction = 7 / 2,
  Power = 2 ** 10,
  Modulo = 10 % 4,
  Shifted = -16 >>> 28,
  Xor = 5 ^ 3,
  ViaName = Flags.Read + Flags["Write"],
}
const enum Const { One = 1, Two = One + 1 }
enum Strings { Joined = "a" + "b", Template = `t`, Escaped = "quote\" and \\ and \n" }
enum Computed {
  Len = "text".length,
  Next = Len + 1,
  Other = Math.max(Len, 2) as number,
}
enum Quoted { "with space" = 1, 'single' = 2 }
enum Special { Inf = 1 / 0, NotANumber = 0 / 0, Hex = 0x10, Bin = 0b11, Under = 1_000 }
console.log(Color.Red, Status.Archived, Text.Hello, Mixed.D, Flags.Both, Const.Two, Strings.Joined, Computed.Next, Quoted.single, Special.Hex);
