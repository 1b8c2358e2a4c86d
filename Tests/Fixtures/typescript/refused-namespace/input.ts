namespace Values {
  export const a = 1;
}
module Other { export function f() {} }
