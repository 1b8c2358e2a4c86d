// Prints node's (V8's) verdict on each file given: "accepted" or "refused: <message>", one per
// line, parsing it as a classic script (vm.Script) or, with --module, as an ES module
// (vm.SourceTextModule; run node with --experimental-vm-modules). Nothing is evaluated.
"use strict";
const fs = require("fs");
const vm = require("vm");
const args = process.argv.slice(2);
const asModule = args[0] === "--module";
for (const file of asModule ? args.slice(1) : args) {
  const text = fs.readFileSync(file, "utf8");
  try {
    if (asModule) new vm.SourceTextModule(text, { identifier: file });
    else new vm.Script(text, { filename: file });
    console.log("accepted");
  } catch (error) {
    console.log("refused: " + String(error && error.message).split("\n")[0]);
  }
}
