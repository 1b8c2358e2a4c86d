export const n = (1          ).toFixed(2);
export const m = (        1.5).toFixed();
