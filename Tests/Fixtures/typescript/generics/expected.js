function identity   (value   )    { return value; }
const n = identity        (1);
const list = new Array        ();
class Box                        { content;
  constructor(                content   ) { this.content = content;}
  map   (f                 )                  { return new Box(f(this.content)              ); }
}
const make = async     (value   )             => value;
const boxed = new Box               ({ a: 1 });
