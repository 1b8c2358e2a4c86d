declare const a: number | null, b: number, c: number;
export const x = a ?? b as any || c;
export const y = a || b as any ?? c;
