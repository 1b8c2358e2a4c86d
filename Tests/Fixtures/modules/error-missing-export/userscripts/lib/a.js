export const yes = 1;
