#!/usr/bin/env python3
"""Writes the ES module project of `make bench`'s module rows, deterministic from a seed.

Usage: make_module_graph.py FOLDER [SCALE] [SEED] [--typescript]. At scale 1 the scripts folder holds 400
ES modules (at least 50 at any scale) in `userscripts/lib/`, importing each other in a DAG:
module i imports modules 2i+1 and 2i+2 (a tree, about log2(n) deep) and one more module
after it (so modules are shared), with named imports, `import * as`, a default export and
`export … from` re-exports. Every tenth module imports the CommonJS package
`node_modules/textkit` (`module.exports` and `exports.x`, a second file required from the
first). Two entries, `userscripts/main.js` (imports module 0) and `userscripts/panel.js`
(modules 1 and 2, through a namespace), post their results to the `result` handler, which
`hawser.json` lists under `registered`. Prints "MODULES ENTRIES BYTES", BYTES being the
JavaScript written below userscripts/ and node_modules/.

With --typescript the modules and entries are TypeScript (`.ts`): the same program with type
annotations, an interface and a type alias per module, generic calls, `as` assertions and
parameter properties, imported as `./m0001.js` as tsc resolves it (the CommonJS package stays
JavaScript).
"""
import json
import os
import random
import sys

typescript = "--typescript" in sys.argv
positional = [a for a in sys.argv[1:] if a != "--typescript"]
folder = positional[0]
scale = float(positional[1]) if len(positional) > 1 else 1.0
seed = int(positional[2]) if len(positional) > 2 else 11
ext = "ts" if typescript else "js"


def t(annotation):
    """A type annotation (`: number`) in TypeScript, nothing in JavaScript."""
    return annotation if typescript else ""
rng = random.Random(seed)
count = max(50, int(400 * scale))
written = 0


def write(rel, text):
    global written
    path = os.path.join(folder, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    written += len(text.encode())


def module(i):
    children = [c for c in (2 * i + 1, 2 * i + 2) if c < count]
    extra = rng.randrange(i + 1, count) if i + 1 < count else None
    lines = [f"// Module {i} of the generated graph."]
    for c in children:
        lines.append(f'import {{ value{c} }} from "./m{c:04}.js";')
    if extra is not None and extra not in children:
        lines.append(f'import * as shared{extra} from "./m{extra:04}.js";')
    if i % 10 == 0:
        lines.append('import textkit from "textkit";')
    lines.append("")
    if typescript:
        lines.append(f"export interface Info{i} {{ index: number; name: string }}")
        lines.append(f"type Table{i} = readonly number[];")
    lines.append(f"const table{i}{t(f': Table{i}')} = [" + ", ".join(str(rng.randrange(1000)) for _ in range(12)) + "];")
    lines.append(f"function mix{i}(x{t(': number')}){t(': number')} {{")
    lines.append(f"  let total{t(': number')} = x;")
    lines.append(f"  for (const n of table{i}) {{")
    lines.append(f"    total = (total * 31 + n) % 1000003;")
    lines.append("  }")
    lines.append("  return total;")
    lines.append("}")
    terms = [f"value{c}()" for c in children]
    if extra is not None and extra not in children:
        terms.append(f"shared{extra}.value{extra}()")
    if i % 10 == 0:
        terms.append(f'textkit.checksum("m{i}")')
    body = " + ".join(terms) if terms else "1"
    lines.append(f"let memo{i}{t(': number | null')} = null;")
    lines.append(f"export function value{i}(){t(': number')} {{")
    lines.append(f"  if (memo{i} === null) memo{i} = mix{i}({body});")
    lines.append(f"  return memo{i}{t('!')};")
    lines.append("}")
    lines.append(f"export class Widget{i} {{")
    if typescript:
        lines.append(f"  readonly label: string;")
        lines.append(f"  constructor(label: string, private readonly suffix: string = \"-{i}\") {{ this.label = label + this.suffix; }}")
    else:
        lines.append(f"  constructor(label) {{ this.label = label + \"-{i}\"; }}")
    lines.append(f"  describe(){t(': string')} {{ return `${{this.label}}: ${{value{i}()}}`; }}")
    lines.append("}")
    lines.append(f"export default {{ index: {i}, name: \"m{i}\" }}{' as Info' + str(i) if typescript else ''};")
    if children:
        lines.append(f'export {{ value{children[0]} as first{i} }} from "./m{children[0]:04}.js";')
    return "\n".join(lines) + "\n"


for i in range(count):
    write(f"userscripts/lib/m{i:04}.{ext}", module(i))

write(f"userscripts/main.{ext}", """import { value0, Widget0 } from "./lib/m0000.js";
import info from "./lib/m0000.js";

const widget = new Widget0("main");
window.webkit.messageHandlers.result.postMessage({ value: value0(), info, text: widget.describe() });
""")
write(f"userscripts/panel.{ext}", """import * as one from "./lib/m0001.js";
import { value2 } from "./lib/m0002.js";

window.webkit.messageHandlers.result.postMessage({ panel: [one.value1(), value2(), Object.keys(one).length] });
""")
write("node_modules/textkit/package.json", json.dumps({"name": "textkit", "version": "1.0.0", "main": "index.js"}, indent=2) + "\n")
write("node_modules/textkit/index.js", """"use strict";
var hash = require("./hash");

module.exports = {
  checksum: function (text) {
    return hash.fold(text) % 997;
  },
  version: "1.0.0",
};
""")
write("node_modules/textkit/hash.js", """"use strict";
exports.fold = function (text) {
  var h = 7;
  for (var i = 0; i < text.length; i++) h = (h * 33 + text.charCodeAt(i)) % 1000003;
  return h;
};
""")
with open(os.path.join(folder, "hawser.json"), "w") as f:
    json.dump({"scripts": ["userscripts"], "output": "out", "swift": [], "registered": ["result"]}, f)
    f.write("\n")
print(count, 2, written)
