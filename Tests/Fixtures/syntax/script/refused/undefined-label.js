// refused at 2:19
while (x) { break missing; }
