

export const kept = 1;
