// refused at 2:7
x = 1 = 2;
