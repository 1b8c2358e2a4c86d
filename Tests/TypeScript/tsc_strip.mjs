#!/usr/bin/env node
// A stand-in for `hawser strip FILE`, to test compare_tsc.mjs's corpus mode before the stripper
// exists: prints tsc's own JavaScript for FILE (the reference options of compare_tsc.mjs, so
// every file that tsc parses compares equal), or exits 1 with tsc's syntax errors on stderr.
//
//   node Tests/TypeScript/tsc_strip.mjs [--break] FILE
//
// --break changes one token of the output (the last identifier gets a suffix), so that the
// corpus mode must report every such file as differing: a check that failures are reported.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let ts;
for (const candidate of ["typescript", "/usr/share/nodejs/typescript"]) {
  try { ts = require(candidate); break; } catch {}
}
const args = process.argv.slice(2);
const breakIt = args[0] === "--break";
const file = breakIt ? args[1] : args[0];
if (!ts || !file) {
  console.error("usage: tsc_strip.mjs [--break] FILE (needs the typescript module)");
  process.exit(2);
}
const text = fs.readFileSync(file, "utf8");
const result = ts.transpileModule(text, {
  fileName: path.basename(file),
  reportDiagnostics: true,
  compilerOptions: {
    target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, isolatedModules: true,
    preserveValueImports: true, importsNotUsedAsValues: ts.ImportsNotUsedAsValues.Preserve, jsx: ts.JsxEmit.Preserve,
  },
});
const errors = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
if (errors.length) {
  for (const d of errors) console.error(`${file}: error: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
  process.exit(1);
}
let output = result.outputText;
if (breakIt) {
  const sourceFile = ts.createSourceFile("out.js", output, ts.ScriptTarget.ESNext, true);
  let last = null;
  const visit = (node) => { if (ts.isIdentifier(node)) last = node; ts.forEachChild(node, visit); };
  visit(sourceFile);
  if (last) output = output.slice(0, last.getEnd()) + "_broken" + output.slice(last.getEnd());
  else output += "\nbroken_token;\n";
}
process.stdout.write(output);
