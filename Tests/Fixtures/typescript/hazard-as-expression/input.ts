let value = input as string
(globalThis as any).seen = value
const list = [1] satisfies number[];
[0].forEach(console.log)
value = value as string;
(value as string).trim()
const total = value as any
  + 1
