// refused at 2:1
new.target;
