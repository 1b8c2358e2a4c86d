// refused at 2:6
a?.b = 1;
