// accepted
export {};
await Promise.resolve();
