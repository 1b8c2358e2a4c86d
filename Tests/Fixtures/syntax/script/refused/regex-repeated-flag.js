// refused at 2:1
/a/gg.test(x);
