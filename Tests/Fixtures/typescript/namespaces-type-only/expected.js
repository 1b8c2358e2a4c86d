








const used          = { a: 1 };
export {};
