// A small program whose output tsc's JavaScript and the stripped JavaScript must share.
interface Shape { area(): number; readonly name: string }
type Maybe<T> = T | undefined;

enum Unit { Millimetre = 1, Centimetre = Millimetre * 10, Metre = Centimetre * 100 }
const enum Axis { X = "x", Y = "y" }

abstract class Base implements Shape {
  static created: number = 0;
  abstract readonly name: string;
  protected constructor(protected readonly unit: Unit = Unit.Metre) { Base.created++; }
  abstract area(): number;
  describe(this: Base): string {
    return `${this.name}: ${this.area().toFixed(2)} (unit ${Unit[this.unit]})`;
  }
}

class Circle extends Base {
  readonly name = "circle";
  private cached?: number;
  constructor(public radius: number, unit?: Unit) {
    super(unit);
  }
  area(): number {
    return (this.cached ??= Math.PI * this.radius ** 2);
  }
}

class Square extends Base {
  readonly name: string = "square";
  constructor(private readonly side: number) { super(Unit.Centimetre) }
  area = (): number => this.side * this.side;
}

function largest<T extends Shape>(shapes: readonly T[]): Maybe<T> {
  let best: T | undefined;
  for (const shape of shapes) if (!best || shape.area() > best!.area()) best = shape;
  return best;
}

function pick(axis: Axis): string;
function pick(axis: string): string;
function pick(axis: string): string { return axis.toUpperCase(); }

const shapes: Shape[] = [new Circle(1), new Square(3), new Circle(2, Unit.Millimetre)];
for (const shape of shapes) console.log((shape as Base).describe());
console.log(largest<Shape>(shapes)?.name, Base.created, pick(Axis.X), Unit.Metre, Unit[10]);
console.log(JSON.stringify(Object.keys(new Circle(5))), JSON.stringify(Object.keys(new Square(1))));
