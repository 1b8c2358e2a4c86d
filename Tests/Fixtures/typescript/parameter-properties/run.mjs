// The classes are not exported: the file is evaluated with a few lines that use them.
import { readFileSync } from "node:fs";
import vm from "node:vm";
const source = readFileSync(new URL("./input.js", import.meta.url), "utf8");
vm.runInThisContext(source + `
console.log(JSON.stringify(new Point(1, 2, 3)), Object.keys(new Point(4)));
const named = new Named("m", 7);
console.log(named.message, named.code, named.kind, Object.keys(named));
const override = new Override("o");
console.log(override.message, override.code, Object.keys(override));
new Plain(5);
`);
