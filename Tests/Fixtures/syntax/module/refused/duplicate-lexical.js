// refused at 3:1
export const a = 1;
const a = 2;
