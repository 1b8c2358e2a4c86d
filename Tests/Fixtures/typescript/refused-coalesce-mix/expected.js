
export const x = a ?? b        || c;
export const y = a || b        ?? c;
