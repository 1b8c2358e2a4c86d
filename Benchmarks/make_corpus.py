#!/usr/bin/env python3
"""Writes a synthetic project for `make bench`: FILES user scripts of ordinary JavaScript
(handler calls, runtime calls, aliases, probes, comments and strings that mention handlers,
plain code) and one Swift file registering every handler. Deterministic (fixed seed)."""
import os
import random
import sys

folder = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 300
random.seed(7)
os.makedirs(os.path.join(folder, "userscripts"), exist_ok=True)
os.makedirs(os.path.join(folder, "App"), exist_ok=True)
names = [f"handler{i}" for i in range(200)]
total = 0
for f in range(files):
    lines = []
    for i in range(120):
        n = random.choice(names)
        k = random.randint(0, 4)
        if k == 0:
            lines.append(f"window.webkit.messageHandlers.{n}.postMessage({{ id: {i}, text: 'x{i}' }});")
        elif k == 1:
            lines.append(f"async function f{i}(a) {{ const r = await hawser.call('{n}', {{ a, b: [1, 2, 3] }}); return r; }}")
        elif k == 2:
            lines.append(f"const h{i} = window.webkit.messageHandlers; if (h{i}.{n}) {{ h{i}.{n}.postMessage(null); }}")
        elif k == 3:
            lines.append(f"// comment about window.webkit.messageHandlers.{n}.postMessage\nconst s{i} = \"window.webkit.messageHandlers.{n}\";")
        else:
            lines.append(f"function g{i}(x) {{ return x.map((y) => y * {i}).filter(Boolean).reduce((a, b) => a + b, 0); }}")
    source = "\n".join(lines) + "\n"
    total += len(source)
    with open(os.path.join(folder, "userscripts", f"s{f:04d}.js"), "w") as out:
        out.write(source)
swift = ["func install(_ c: WKUserContentController, _ h: H) {"]
swift += [f'    c.addScriptMessageHandler(h, contentWorld: .page, name: "{n}")' for n in names]
swift += ["}"]
with open(os.path.join(folder, "App", "App.swift"), "w") as out:
    out.write("\n".join(swift) + "\n")
with open(os.path.join(folder, "hawser.json"), "w") as out:
    out.write('{"scripts": ["userscripts"], "swift": ["App"], "output": "out"}\n')
print(total)
