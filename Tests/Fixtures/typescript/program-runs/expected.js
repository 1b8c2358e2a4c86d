// A small program whose output tsc's JavaScript and the stripped JavaScript must share.



var Unit; (function (Unit) { Unit[Unit["Millimetre"] = 1] = "Millimetre"; Unit[Unit["Centimetre"] = 10] = "Centimetre"; Unit[Unit["Metre"] = 1000] = "Metre"; })(Unit || (Unit = {}));
var Axis; (function (Axis) { Axis["X"] = "x"; Axis["Y"] = "y"; })(Axis || (Axis = {}));

         class Base                  { unit;
  static created         = 0;

            constructor(                   unit       = Unit.Metre) { this.unit = unit; Base.created++; }

  describe(          )         {
    return `${this.name}: ${this.area().toFixed(2)} (unit ${Unit[this.unit]})`;
  }
}

class Circle extends Base { radius;
           name = "circle";
          cached         ;
  constructor(       radius        , unit       ) {
    super(unit); this.radius = radius;
  }
  area()         {
    return (this.cached ??= Math.PI * this.radius ** 2);
  }
}

class Square extends Base { side;
           name         = "square";
  constructor(                 side        ) { super(Unit.Centimetre); this.side = side; }
  area = ()         => this.side * this.side;
}

function largest                 (shapes              )           {
  let best               ;
  for (const shape of shapes) if (!best || shape.area() > best .area()) best = shape;
  return best;
}



function pick(axis        )         { return axis.toUpperCase(); }

const shapes          = [new Circle(1), new Square(3), new Circle(2, Unit.Millimetre)];
for (const shape of shapes) console.log( shape         .describe());
console.log(largest       (shapes)?.name, Base.created, pick(Axis.X), Unit.Metre, Unit[10]);
console.log(JSON.stringify(Object.keys(new Circle(5))), JSON.stringify(Object.keys(new Square(1))));
