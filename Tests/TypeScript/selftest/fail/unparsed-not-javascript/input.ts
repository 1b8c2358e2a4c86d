const c = { a: 1 } satisfies object;
