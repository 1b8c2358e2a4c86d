namespace N { export const a = 1; }
