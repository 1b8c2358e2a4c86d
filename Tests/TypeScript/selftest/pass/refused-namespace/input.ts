namespace N { export const v = 1; }
