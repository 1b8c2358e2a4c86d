#!/usr/bin/env node
// Random expressions mixing binary operators with `as` assertions, stripped by Hawser and
// transpiled by tsc (4.8, Debian's node-typescript), each run in node: the printed values must be
// equal. The operators are those whose erasure can regroup (`&`, `|` and the relational ones are
// left out: after a type they continue it, `T & x`, or open type arguments, `T < x`).
//
//   node Tests/TypeScript/precedence_fuzz.mjs HAWSER [SEEDS] [LINES]
//
// HAWSER is the hawser executable (.build/debug/hawser); SEEDS (default 8) programs of LINES
// (default 400) expressions each. Exit status 1 on a difference or a refusal.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let ts;
for (const candidate of ["typescript", "/usr/share/nodejs/typescript"]) {
  try { ts = require(candidate); break; } catch {}
}
if (!ts) { console.error("precedence_fuzz: cannot load typescript"); process.exit(2); }
const [hawser, seeds = "8", count = "400"] = process.argv.slice(2);
if (!hawser) { console.error("usage: precedence_fuzz.mjs HAWSER [SEEDS] [LINES]"); process.exit(2); }

const ops = ["+", "-", "*", "/", "%", "**", "==", "^", "&&", "||", ">>>", "!="];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedence-fuzz-"));
let failed = 0;
for (let seedNumber = 1; seedNumber <= Number(seeds); seedNumber++) {
  let seed = seedNumber * 7919;
  const random = (n) => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed % n; };
  const expression = (depth) => {
    if (depth <= 0 || random(3) === 0) return String(1 + random(9));
    let e = `${expression(depth - 1)} ${ops[random(ops.length)]} ${expression(depth - 1)}`;
    if (random(3) === 0) e += random(2) ? " as any" : random(2) ? " as unknown as number" : " satisfies number";
    if (random(6) === 0) e = `(${e})`;
    return e;
  };
  const lines = Array.from({ length: Number(count) }, () => `out.push(String(${expression(4)}));`);
  const source = `const out = [];\n${lines.join("\n")}\nconsole.log(out.join(","));\n`;
  // tsc 4.8 has no `satisfies`: its reference reads it as `as`, which groups alike.
  const reference = ts.transpileModule(source.replaceAll(" satisfies ", " as "), { compilerOptions: { target: ts.ScriptTarget.ESNext } }).outputText;
  const input = path.join(dir, "input.ts");
  fs.writeFileSync(input, source);
  const stripped = spawnSync(hawser, ["strip", input], { encoding: "utf8" });
  if (stripped.status !== 0) {
    console.log(`seed ${seedNumber}: hawser strip failed: ${stripped.stderr.split("\n")[0]}`);
    failed++;
    continue;
  }
  const run = (js) => spawnSync(process.execPath, ["-e", js], { encoding: "utf8" });
  const a = run(reference), b = run(stripped.stdout);
  if (a.stdout !== b.stdout || a.status !== b.status) {
    const left = a.stdout.trim().split(","), right = b.stdout.trim().split(",");
    const index = left.findIndex((value, i) => value !== right[i]);
    console.log(`seed ${seedNumber}: line ${index + 2} differs: tsc ${left[index]}, hawser ${right[index]}: ${lines[index]}`);
    failed++;
  }
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`precedence_fuzz: ${seeds} programs of ${count} expressions, ${failed} differing`);
process.exit(failed ? 1 : 0);
