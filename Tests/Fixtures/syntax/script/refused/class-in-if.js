// refused at 2:8
if (x) class C {}
