// refused at 2:17
({__proto__: 1, __proto__: 2});
