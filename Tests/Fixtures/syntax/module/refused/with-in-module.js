// refused at 3:1
export {};
with (a) {}
