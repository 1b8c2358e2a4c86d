var Color = {"Red": 0, 0: "Red", "Green": "g", "Blue": 4, 4: "Blue"};
export const c        = Color.Red;
console.log(Color, c);
