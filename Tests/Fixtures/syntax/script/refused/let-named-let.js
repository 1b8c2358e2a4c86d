// refused at 2:5
let let = 1;
