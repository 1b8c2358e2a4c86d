var Color;(function (Color) {Color[Color["Red"] = 0] = "Red"; Color["Green"] = "g"; Color[Color["Blue"] = 4] = "Blue";})(Color || (Color = {}));
export const c        = Color.Red;
console.log(Color, c);
