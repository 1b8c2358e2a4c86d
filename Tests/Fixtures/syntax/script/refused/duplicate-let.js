// refused at 3:5
let a = 1;
let a = 2;
