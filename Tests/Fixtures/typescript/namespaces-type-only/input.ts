namespace Types {
  export interface A { a: number }
  export type B = string;
}
export namespace More {
  export namespace Inner { export type C = boolean }
  interface Hidden {}
}
module Legacy { export type D = 1 }
const used: Types.A = { a: 1 };
