export const a = 1, b = 2;
export const c = Math.max(a + b as number * 2, 0);
