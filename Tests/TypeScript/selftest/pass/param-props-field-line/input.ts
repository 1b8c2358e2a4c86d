class Box<T> {
  constructor(public content: T) {}
}
export const b = new Box(1);
