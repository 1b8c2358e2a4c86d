// refused at 3:1
export {};
return;
