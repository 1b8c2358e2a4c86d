class P {
  constructor(       a        ,                  b = "x") { this.a = a; this.b = b;
    console.log(this.a + this.b);
  }
}
export const p = new P(1);
