const config = { port: 80 } satisfies Record<string, number>;
const nested = ({ a: 1 } satisfies object) as { a: number };
console.log(config satisfies unknown, nested);
