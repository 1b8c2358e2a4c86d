// refused at 2:17
const a = {a: 1,, b: 2};
