// refused at 3:5
export {};
var await = 1;
