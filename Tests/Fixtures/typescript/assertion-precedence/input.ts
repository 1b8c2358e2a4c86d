// Erasing an assertion must not regroup: each operand in parentheses where tsc writes them.
const a: any = 3, b: any = 5, c: any = 7, T = 0;
export const sum = 1 + 1 as number * 2;
export const quotient = a as number / 2;
export const power = 2 ** 3 as unknown as number ** 2;
export const shifted = a < a as unknown << a;
export const nested = a + b as unknown as number * c;
export const commented = a + b as number /* why */ * c;
export const commentedBefore = a + b /* why */ as number * c;
export const argument = Math.max(a - b as number * c, 0);
export const tight = a-b as number*c;
export const grouped = a && b + c as number * 2;
export const assertedUnary = <number>a + b as number * c;
export const prefixed = <number>(a + b) * c;
export const typed = typeof a as string + "!";
export const unchanged = a * b as number + c;
export const sameLevel = a - b as number - c;
export const compared = a < b as boolean == true;
export const bang = a! * b;
export const chain = a + b as number ** 2 as number * c;
export function run(x: number) {
  return x + 1 as number * 2;
}
export const values = [sum, quotient, power, shifted, nested, commented, commentedBefore, argument, tight, grouped,
  assertedUnary, prefixed, typed, unchanged, sameLevel, compared, bang, chain, run(4), T];
