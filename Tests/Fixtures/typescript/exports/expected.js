




export function size(options         )         { return 1; }
const a = 1, b = 2;
export {                       a, b };
export { a as first                           };
