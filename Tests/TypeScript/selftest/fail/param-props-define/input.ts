class P {
  constructor(public a: number, private readonly b = "x") {
    console.log(this.a + this.b);
  }
}
export const p = new P(1);
