// accepted: outside async functions and modules, await is a name
var await = 1;
function f(await) { return await + 1; }
f(await);
