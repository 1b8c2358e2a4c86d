
         class Base                     {

                     id         ;
          cache                 ;
         static count         = 0;



           toString()         { return this.describe(); }

  get label()         { return "base"; }
  set label(value        ) {}
}
class Derived extends Base                                            {
  name = "derived";
  describe()         { return this.name; }
  *[Symbol.iterator]()                   { yield 1; }
}
export          class Exported {}
