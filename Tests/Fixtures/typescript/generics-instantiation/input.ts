declare function tag(strings: TemplateStringsArray, ...values: unknown[]): string;
const g = Array.of<string>;
const h = tag<number>`x${1}`;
const k = new Map<string, number>;
const m = tag<string>`plain`;
const compare = 1 < 2 && 3 > 2;
