enum Color { Red, Green = "g", Blue = 4 }
export const c: Color = Color.Red;
console.log(Color, c);
