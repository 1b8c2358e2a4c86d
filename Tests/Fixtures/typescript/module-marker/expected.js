


const local       = "fast";
console.log(local);
export {};
