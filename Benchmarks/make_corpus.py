#!/usr/bin/env python3
"""Writes the generated JavaScript project of `make bench`, deterministic from a seed.

Usage: make_corpus.py FOLDER [SCALE] [SEED]. At scale 1 the scripts hold at least 20 MB of
JavaScript: about three files in four are ordinary code (functions, classes, loops, template
literals, regular expressions, comments and strings that mention handlers), one in four is
minified-style (one long line, short names, no spaces). Both kinds carry the forms Hawser
looks for: direct `messageHandlers` calls, aliases of `messageHandlers` and of one handler,
feature probes, `hawser.call`/`hawser.post` runtime calls, and a wrapper function that posts
to `messageHandlers[name]`. One Swift file registers every handler. Prints the number of
JavaScript bytes written."""
import os
import random
import sys

folder = sys.argv[1]
scale = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 7
rng = random.Random(seed)
target = int(20_000_000 * scale) + 1
names = [f"handler{i}" for i in range(200)]
# Half the handlers take messages, half answer requests; every payload of a handler has one
# shape, so the corpus lints clean but for the wrapper's dynamic name.
messages = names[0::2]
requests = names[1::2]

os.makedirs(os.path.join(folder, "userscripts"), exist_ok=True)
os.makedirs(os.path.join(folder, "App"), exist_ok=True)


def ordinary_statement(i, t):
    # `t` makes each file's top-level lexical names its own: scripts injected into one world
    # share one top level, where a `const` or `class` declared twice is a SyntaxError.
    n = rng.choice(messages)
    r = rng.choice(requests)
    k = rng.randrange(10)
    if k == 0:
        return f"window.webkit.messageHandlers.{n}.postMessage({{ id: {i}, text: 'x{i}' }});"
    if k == 1:
        return f"async function call{i}(a) {{ const r = await hawser.call('{r}', {{ a, b: [1, 2, 3] }}); return r.value ?? null; }}"
    if k == 2:
        return f"const h{t}{i} = window.webkit.messageHandlers;\nif (h{t}{i}.{n}) {{ h{t}{i}.{n}.postMessage({{ id: {i}, text: 'probe' }}); }}"
    if k == 3:
        return f"// a comment about window.webkit.messageHandlers.{n}.postMessage(x)\nconst s{t}{i} = \"window.webkit.messageHandlers.{n}\";"
    if k == 4:
        return f"const one{t}{i} = window.webkit.messageHandlers.{n};\none{t}{i}.postMessage({{ id: 1, text: 'a' }});\none{t}{i}.postMessage({{ id: 2, text: 'b' }});"
    if k == 5:
        return f"send('{n}', {{ id: Date.now(), text: 's{i}' }});"
    if k == 6:
        return (f"class Widget{t}{i} extends Base {{\n  constructor(el) {{ super(el); this.count = {i}; }}\n"
                f"  render() {{ return `<div class=\"w{i}\">${{this.count}}</div>`; }}\n}}")
    if k == 7:
        return f"/* block comment {i}: messageHandlers.{n} */\nconst re{t}{i} = /^[a-z]+{i}$/i.test(String(location.href));"
    if k == 8:
        return f"hawser.post('{n}', {{ id: {i}, text: 'ready' }});"
    return (f"function g{i}(xs) {{\n  let total = 0;\n  for (const x of xs) {{ if (x > {i}) total += x * 2; else continue; }}\n"
            f"  return xs.map((y) => y * {i}).filter(Boolean).reduce((a, b) => a + b, total);\n}}")


def minified_statement(i):
    n = rng.choice(messages)
    k = rng.randrange(6)
    if k == 0:
        return f"window.webkit.messageHandlers.{n}.postMessage({{id:{i},text:'x'}})"
    if k == 1:
        return f"var a{i}=window.webkit.messageHandlers;a{i}.{n}&&a{i}.{n}.postMessage({{id:0,text:''}})"
    if k == 2:
        return f"send('{n}',{{id:{i},text:'m'}})"
    if k == 3:
        return f"function f{i}(e,t){{return e.map(function(n){{return n*t+{i}}}).filter(Boolean)}}"
    if k == 4:
        return f"var o{i}={{a:{i},b:[1,2,3],c:function(){{return this.a}},d:\"s{i}\"}}"
    return f"for(var i{i}=0;i{i}<{i % 50 + 1};i{i}++)o.push(i{i}*2)"


WRAPPER = ("function send(name, body) {\n"
           "  const handlers = window.webkit.messageHandlers;\n"
           "  handlers[name].postMessage(body);\n"
           "}\n")

total = 0
index = 0
while total < target:
    minified = index % 4 == 3
    parts = [WRAPPER if not minified else "function send(n,b){window.webkit.messageHandlers[n].postMessage(b)}"]
    size = len(parts[0])
    limit = rng.randrange(6_000, 40_000)
    i = 0
    while size < limit:
        statement = minified_statement(i) if minified else ordinary_statement(i, f"f{index}_")
        parts.append(statement)
        size += len(statement) + 1
        i += 1
    source = (";".join(parts) + ";\n") if minified else ("\n".join(parts) + "\n")
    path = os.path.join(folder, "userscripts", f"{'min' if minified else 'src'}{index:05d}.js")
    with open(path, "w") as out:
        out.write(source)
    total += len(source.encode())
    index += 1

swift = ["func install(_ c: WKUserContentController, _ h: H) {"]
swift += [f'    c.add(h, contentWorld: .page, name: "{n}")' for n in messages]
swift += [f'    c.addScriptMessageHandler(h, contentWorld: .page, name: "{n}")' for n in requests]
swift += ["}"]
with open(os.path.join(folder, "App", "App.swift"), "w") as out:
    out.write("\n".join(swift) + "\n")
with open(os.path.join(folder, "hawser.json"), "w") as out:
    out.write('{"scripts": ["userscripts"], "swift": ["App"], "output": "out"}\n')
print(total)
