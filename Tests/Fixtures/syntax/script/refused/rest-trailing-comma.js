// refused at 2:15
const {a, ...b,} = o;
