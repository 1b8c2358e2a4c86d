

export {};
