export const n = (1 as number).toFixed(2);
export const m = (<number>1.5).toFixed();
