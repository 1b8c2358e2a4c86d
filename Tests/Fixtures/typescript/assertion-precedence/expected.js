// Erasing an assertion must not regroup: each operand in parentheses where tsc writes them.
const a      = 3, b      = 5, c      = 7, T = 0;
export const sum =(1 + 1)          * 2;
export const quotient = a           / 2;
export const power =(2 ** 3)                     ** 2;
export const shifted =(a < a)           << a;
export const nested =(a + b)                     * c;
export const commented =(a + b)          /* why */ * c;
export const commentedBefore =(a + b)                    * c;
export const argument = Math.max((a - b)          * c, 0);
export const tight =(a-b)         *c;
export const grouped = a &&(b + c)          * 2;
export const assertedUnary =(        a + b)          * c;
export const prefixed =         (a + b) * c;
export const typed = typeof a           + "!";
export const unchanged = a * b           + c;
export const sameLevel = a - b           - c;
export const compared = a < b            == true;
export const bang = a  * b;
export const chain =(a + b)          ** 2           * c;
export function run(x        ) {
  return(x + 1)          * 2;
}
export const values = [sum, quotient, power, shifted, nested, commented, commentedBefore, argument, tight, grouped,
  assertedUnary, prefixed, typed, unchanged, sameLevel, compared, bang, chain, run(4), T];
