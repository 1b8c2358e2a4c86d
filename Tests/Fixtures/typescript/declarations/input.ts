interface Point {
  x: number;
  y: number;
}
type Id = string | number;
type Mapper<T> = (value: T) => T;
declare const VERSION: string;
declare function greet(name: string): void;
declare module "virtual" {
  export const value: number;
}
declare global {
  interface Window { hawser: unknown }
}
declare namespace Shapes { const kind: string }
declare enum Direction { Up, Down }
declare class Remote { call(): void }
declare let counter: number;
const point: Point = { x: 1, y: 2 };
