// accepted
async function* g() { for await (const x of y) { yield x; } }
