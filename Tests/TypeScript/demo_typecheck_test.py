#!/usr/bin/env python3
"""The demo's TypeScript user scripts against the generated declarations, with tsc. Run by
scripts/run-tests.sh (so by `make test`); takes seconds.

1. `tsc --noEmit -p userscripts/tsconfig.json` succeeds: the
   scripts type-check against the committed output/Bridge.d.ts, which that tsconfig includes
   (`hawser build --check`, earlier in run-tests.sh, has found output/ current).
2. A scratch copy of that folder and of output/Bridge.d.ts, at the same relative places, with wrong
   payloads put into the script: tsc fails, and for each wrong payload it reports the error at the
   wrong field and names the handler (in the related information `--pretty` prints, as editors show
   it: "... declared here on type 'HawserPayload<"readFile">'"), never "No overload matches this
   call"; a misspelt handler name is an error naming the request handlers' type.

Options: `--tsc PATH` (default: tsc on PATH; Debian's node-typescript, scripts/install-deps.sh).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPTS = "userscripts"
SCRIPT = "note-summary.ts"
DECLARATIONS = os.path.join("output", "Bridge.d.ts")

# (what the script says, what the scratch copy says instead, the expected error at the wrong
# part: its text (the column is found from the scratch line), and the related information that
# names the handler, or None).
MUTATIONS = [
    ('await hawser.call("readFile", { path }, { timeoutMs: 5000 });',
     'await hawser.call("readFile", { path: 1 }, { timeoutMs: 5000 });',
     "path: 1",
     "error TS2322: Type 'number' is not assignable to type 'string'.",
     "The expected type comes from property 'path' which is declared here on type 'HawserPayload<\"readFile\">'"),
]
# Lines appended to the scratch script: (line, the part the error points at, the error or its
# beginning, the related information or None).
APPENDED = [
    ('window.webkit.messageHandlers.readFile.postMessage({ path: 2 });',
     "path: 2",
     "error TS2322: Type 'number' is not assignable to type 'string'.",
     "The expected type comes from property 'path' which is declared here on type 'HawserPayload<\"readFile\">'"),
    ('hawser.post("observer", { name: "Ada", email: false });',
     "email: false",
     "error TS2322: Type 'boolean' is not assignable to type 'string'.",
     "The expected type comes from property 'email' which is declared here on type 'HawserPayload<\"observer\">'"),
    ('hawser.call("readFiles", { path: "notes.txt" });',
     '"readFiles"',
     # The request handlers' names: 'RequestHandlerName', or the one name when there is one.
     "error TS2345: Argument of type '\"readFiles\"' is not assignable to parameter of type '",
     None),
]

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def fail(message, output=""):
    sys.stderr.write("demo-typecheck-test: %s\n" % message)
    if output:
        sys.stderr.write(output if output.endswith("\n") else output + "\n")
    sys.exit(1)


def run_tsc(tsc, tsconfig, pretty):
    result = subprocess.run([tsc, "--noEmit", "--pretty", "true" if pretty else "false", "-p", tsconfig],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    return result.returncode, ANSI.sub("", result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tsc", default=shutil.which("tsc"))
    args = parser.parse_args()
    if not args.tsc:
        fail("tsc is not installed (Debian: node-typescript; scripts/install-deps.sh installs it)")

    # 1. The demo as committed.
    tsconfig = os.path.join(REPO, SCRIPTS, "tsconfig.json")
    status, output = run_tsc(args.tsc, tsconfig, pretty=False)
    if status != 0:
        fail("the demo's TypeScript does not type-check against %s (tsc -p %s)" % (DECLARATIONS, os.path.relpath(tsconfig, REPO)), output)

    # 2. A scratch copy with wrong payloads.
    scratch = tempfile.mkdtemp(prefix="hawser-tsc-")
    try:
        shutil.copytree(os.path.join(REPO, SCRIPTS), os.path.join(scratch, SCRIPTS),
                        ignore=lambda folder, names: [n for n in names if n != "tsconfig.json" and not n.endswith(".ts")
                                                      and not os.path.isdir(os.path.join(folder, n))])
        os.makedirs(os.path.join(scratch, "output"))
        shutil.copy(os.path.join(REPO, DECLARATIONS), os.path.join(scratch, DECLARATIONS))
        path = os.path.join(scratch, SCRIPTS, SCRIPT)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for original, wrong, _, _, _ in MUTATIONS:
            if text.count(original) != 1:
                fail("%s no longer holds exactly one %r; update this test's MUTATIONS" % (SCRIPT, original))
            text = text.replace(original, wrong)
        text += "".join(line + "\n" for line, _, _, _ in APPENDED)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        lines = text.split("\n")

        expected = [(wrong, part, error, related) for (_, wrong, part, error, related) in MUTATIONS]
        expected += APPENDED
        scratch_config = os.path.join(scratch, SCRIPTS, "tsconfig.json")
        status, plain = run_tsc(args.tsc, scratch_config, pretty=False)
        _, pretty = run_tsc(args.tsc, scratch_config, pretty=True)
        if status == 0:
            fail("tsc accepted wrong payloads", plain)
        if "No overload matches this call" in plain:
            fail("tsc answered a wrong payload with an overload list, not the field", plain)
        errors = [line for line in plain.splitlines() if ": error TS" in line]
        if len(errors) != len(expected):
            fail("expected %d errors, got %d" % (len(expected), len(errors)), plain)
        for source, part, error, related in expected:
            number = next(i for i, line in enumerate(lines) if source in line) + 1
            column = lines[number - 1].index(part) + 1
            # Plain: `file(line,column): error …`; pretty: `file:line:column - error …`, then the
            # source excerpt, then the related information, before the next error.
            where = "%s(%d,%d): %s" % (SCRIPT, number, column, error)
            if not any(("/" + where) in line or line.startswith(where) for line in errors):
                fail("no error %r (at the wrong part, %r)" % (where, part), plain)
            if related is not None:
                heading = "%s:%d:%d - %s" % (SCRIPT, number, column, error)
                start = pretty.find(heading)
                end = pretty.find(" - error TS", start + len(heading))
                block = pretty[start:end if end != -1 else len(pretty)]
                if start == -1 or related not in block:
                    fail("the error at %s:%d:%d does not name the handler: expected %r" % (SCRIPT, number, column, related), pretty)
        print("demo-typecheck-test: %s type-checks against %s; %d wrong uses fail where they are wrong, a wrong field naming its handler"
              % (os.path.join(SCRIPTS, SCRIPT), DECLARATIONS, len(expected)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
