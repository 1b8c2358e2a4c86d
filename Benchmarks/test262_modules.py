#!/usr/bin/env python3
"""test262's module tests through esbuild and through `hawser build`: conformance figures.

    Benchmarks/test262_modules.py --test262 CHECKOUT [--hawser PATH] [--filter TEXT] [--jobs N] [--json FILE]

CHECKOUT is a test262 working tree (its `harness/` and `test/language/{module-code,import,export}`
suffice; the suite is never committed here). To get one:

    git --git-dir=…/test262.git archive HEAD test/language/module-code test/language/import \\
        test/language/export harness | tar -x -C /tmp/test262

Every test file (not `_FIXTURE`) below those three folders is counted; `--filter` keeps those
whose path contains TEXT. For each, a temporary project holds the test file as the only entry
of its scripts folder, beside the files it imports transitively (every `./` or `../` string
literal of the test and its fixtures that names an existing file: `_FIXTURE.js` modules, JSON,
text; fixtures that nothing imports stay out, or they would become entries). Each bundler:

- esbuild: `esbuild --bundle --format=iife --platform=browser TEST`. esbuild writes no top-level
  await in an IIFE; a test that needs it is bundled as `--format=esm` (through an entry that
  imports it, so that no `export` is left) and wrapped in an async function, as Hawser wraps
  such an entry.
- hawser: `hawser build --no-cache --directory PROJECT`; the scripts of `out/manifest.json`
  (page world, Hawser's runtime included) in order. A test that the build does not emit as an
  entry (a fixture imports it back) fails: its body never runs.

The run (Tests/Modules/run-scripts.js, one node `vm` context) is the harness first, as classic
scripts (`assert.js`, `sta.js`, `doneprintHandle.js` for `async` tests, then `includes`; none
for `raw`), then the bundle. A test without the `module` flag is a classic script (`"use
strict";` prepended for `onlyStrict`); each test runs once.

Verdicts:
- `negative` with phase `parse` or `resolution`: the bundler must refuse (exit non-zero);
  a build that succeeds fails the test.
- `negative` with phase `runtime`: the run must throw the named error type (for hawser, the
  error its wrapper passes to console.error counts).
- otherwise: the build succeeds and the run reports no error; an `async` test must print
  `Test262:AsyncTestComplete`.

Output: totals per bundler, a table per directory, failures per feature, and the hawser
failures that esbuild passes, each with its reason. `--json FILE` also writes every result.
The exit status is 0 whatever the results: these are figures, not a test.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DRIVER = os.path.join(ROOT, "Tests", "Modules", "run-scripts.js")
FOLDERS = ["test/language/module-code", "test/language/import", "test/language/export"]
TLA_MESSAGE = "Top-level await is currently not supported"
FRONTMATTER = re.compile(r"/\*---(.*?)---\*/", re.S)
RELATIVE = re.compile(r"""(['"])(\.\.?/[^'"\n]+)\1""")


def parse_frontmatter(source):
    """The test's metadata: flags, includes, features (lists) and negative (phase, type).

    A small reader for the YAML subset test262 uses: `key: [a, b]`, `key:` followed by
    `  - item` lines, and `negative:` followed by indented `phase:` / `type:` lines."""
    meta = {"flags": [], "includes": [], "features": [], "negative": None}
    match = FRONTMATTER.search(source)
    if not match:
        return meta
    key = None
    for raw in match.group(1).splitlines():
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        indented = raw[:1] in (" ", "\t")
        text = raw.strip()
        if not indented:
            key, _, value = text.partition(":")
            key, value = key.strip(), value.strip()
            if key in ("flags", "includes", "features") and value.startswith("["):
                meta[key] = [v.strip() for v in value.strip("[]").split(",") if v.strip()]
            elif key == "negative":
                meta["negative"] = {}
            continue
        if key in ("flags", "includes", "features") and text.startswith("- "):
            meta[key].append(text[2:].strip())
        elif key == "negative" and ":" in text:
            name, _, value = text.partition(":")
            meta["negative"][name.strip()] = value.strip()
    return meta


def imported_files(test_path):
    """The files the test imports, transitively: existing files named by `./` or `../` string
    literals, relative to the file that names them (the test itself excluded)."""
    seen, queue = set(), [test_path]
    while queue:
        current = queue.pop()
        try:
            with open(current, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        if not current.endswith((".js", ".mjs", ".cjs")):
            continue
        for _, specifier in RELATIVE.findall(text):
            target = os.path.normpath(os.path.join(os.path.dirname(current), specifier))
            if os.path.isfile(target) and target != test_path and target not in seen:
                seen.add(target)
                queue.append(target)
    return sorted(seen)


class Test:
    def __init__(self, checkout, path):
        self.path = path
        self.rel = os.path.relpath(path, checkout)
        with open(path, encoding="utf-8") as f:
            self.source = f.read()
        meta = parse_frontmatter(self.source)
        self.flags = meta["flags"]
        self.includes = meta["includes"]
        self.features = meta["features"]
        self.negative = meta["negative"]
        self.module = "module" in self.flags
        self.asynchronous = "async" in self.flags
        self.directory = os.path.dirname(os.path.relpath(path, os.path.join(checkout, "test", "language")))


def harness_scripts(checkout, test):
    if "raw" in test.flags:
        return []
    names = ["assert.js", "sta.js"] + (["doneprintHandle.js"] if test.asynchronous else []) + test.includes
    out = []
    for name in dict.fromkeys(names):
        out.append((os.path.join(checkout, "harness", name), "harness/" + name))
    return out


def make_project(checkout, test, work):
    """The temporary project: scripts/ mirrors test/language/ with the test and its imports."""
    base = os.path.join(checkout, "test", "language")
    scripts = os.path.join(work, "scripts")
    imported = imported_files(test.path)
    for source in [test.path] + imported:
        target = os.path.join(scripts, os.path.relpath(source, base))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if source == test.path and not test.module and "onlyStrict" in test.flags:
            with open(target, "w", encoding="utf-8") as f:
                f.write('"use strict";\n' + test.source)
        else:
            shutil.copyfile(source, target)
    with open(os.path.join(work, "hawser.json"), "w") as f:
        # Only the test is a script (an entry): its fixtures are read as modules, never injected
        # on their own, even where one imports the test back.
        excluded = sorted({"scripts/" + os.path.relpath(p, base) for p in imported if p != test.path})
        json.dump({"scripts": ["scripts"], "output": "out", "swift": [], "exclude": excluded}, f)
    return os.path.join(scripts, os.path.relpath(test.path, base))


def run_node(scripts, work, label):
    spec = os.path.join(work, label + "-spec.json")
    with open(spec, "w") as f:
        json.dump({"test262": True, "scripts": [{"path": p, "filename": n} for p, n in scripts]}, f)
    result = subprocess.run(["node", DRIVER, spec], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        return None, f"node exited {result.returncode}: {result.stderr.strip()[-300:]}"
    return json.loads(result.stdout), None


def bundle_esbuild(esbuild, entry, work):
    """(built, scripts or the refusal text)."""
    outfile = os.path.join(work, "esbuild-out.js")
    command = [esbuild, "--bundle", "--format=iife", "--platform=browser", "--log-level=error", entry, "--outfile=" + outfile]
    result = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=60)
    if result.returncode != 0 and TLA_MESSAGE in result.stderr:
        # An ES module bundle of an entry keeps the entry's exports: bundle one that imports it.
        shim = os.path.join(os.path.dirname(entry), "__esbuild_entry__.js")
        with open(shim, "w") as f:
            f.write(f"import {json.dumps('./' + os.path.basename(entry))};\n")
        command[2], command[5] = "--format=esm", shim
        result = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=60)
        if result.returncode == 0:
            with open(outfile, encoding="utf-8") as f:
                body = f.read()
            with open(outfile, "w", encoding="utf-8") as f:
                f.write("(async function () {\n" + body + "\n})();\n")
    if result.returncode != 0:
        return False, result.stderr.strip()
    return True, [(outfile, os.path.basename(entry))]


def bundle_hawser(hawser, entry, work):
    result = subprocess.run([hawser, "build", "--no-cache", "--directory", work], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        if result.returncode < 0:
            return None, f"hawser killed by signal {-result.returncode}"
        return False, (result.stdout + result.stderr).strip()
    with open(os.path.join(work, "out", "manifest.json")) as f:
        manifest = json.load(f)
    entry_source = os.path.relpath(entry, work)
    scripts, has_entry = [], False
    for script in manifest["scripts"]:
        if script.get("world", "page") != "page":
            continue
        scripts.append((os.path.join(work, "out", script["file"]), script["file"]))
        has_entry = has_entry or script.get("source") == entry_source
    if not has_entry:
        return True, "not-entry"
    return True, scripts


def first_line(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    chosen = next((l for l in lines if "error" in l.lower()), lines[0] if lines else "")
    return chosen[:200]


def judge(test, built, payload, run_report, run_problem):
    """(passed, reason)."""
    phase = (test.negative or {}).get("phase")
    expected_type = (test.negative or {}).get("type")
    if built is None:
        return False, payload
    if phase in ("parse", "resolution"):
        if not built:
            return True, "refused"
        return False, f"built, expected a {phase} error ({expected_type})"
    if not built:
        return False, "refused: " + first_line(payload)
    if payload == "not-entry":
        return False, "the test is not emitted as an entry (a fixture imports it)"
    if run_problem:
        return False, run_problem
    errors = run_report["errors"]
    if phase == "runtime":
        if not errors:
            return False, f"ran without error, expected {expected_type}"
        if errors[0]["name"] != expected_type:
            return False, f"threw {errors[0]['name']}: {errors[0]['message'][:120]}, expected {expected_type}"
        return True, "threw " + expected_type
    if errors:
        e = errors[0]
        return False, f"{e['kind']}: {e['name']}: {e['message'][:160]}"
    if test.asynchronous:
        prints = run_report["prints"]
        failure = next((p for p in prints if p.startswith("Test262:AsyncTestFailure")), None)
        if failure:
            return False, failure[:200]
        if "Test262:AsyncTestComplete" not in prints:
            return False, "$DONE was never called"
    return True, "ok"


def run_test(checkout, test, args):
    """Results for one test: {bundler: (passed, reason)}."""
    results = {}
    bundlers = [("esbuild", lambda entry, work: bundle_esbuild(args.esbuild, entry, work))]
    if args.hawser:
        bundlers.append(("hawser", lambda entry, work: bundle_hawser(args.hawser, entry, work)))
    for name, bundle in bundlers:
        with tempfile.TemporaryDirectory(prefix="hawser-test262-") as work:
            entry = make_project(checkout, test, work)
            try:
                built, payload = bundle(entry, work)
                report, problem = None, None
                if built and payload != "not-entry" and not (test.negative or {}).get("phase") in ("parse", "resolution"):
                    report, problem = run_node(harness_scripts(checkout, test) + payload, work, name)
                results[name] = judge(test, built, payload, report, problem)
            except subprocess.TimeoutExpired as timeout:
                results[name] = (False, f"timed out: {' '.join(map(str, timeout.cmd))[:120]}")
    return results


def collect(checkout, text):
    tests = []
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(checkout, folder)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(".js") and "_FIXTURE" not in name:
                    path = os.path.join(dirpath, name)
                    if not text or text in os.path.relpath(path, checkout):
                        tests.append(Test(checkout, path))
    return tests


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--test262", required=True, help="a test262 checkout (harness/ and test/language/)")
    parser.add_argument("--hawser", help="the hawser binary; without it only esbuild runs")
    parser.add_argument("--esbuild", default=shutil.which("esbuild") or "esbuild")
    parser.add_argument("--filter", default="", help="only tests whose path contains this text")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="write every result to this file")
    args = parser.parse_args()
    checkout = os.path.abspath(args.test262)
    if args.hawser:
        args.hawser = os.path.abspath(args.hawser)
    if not os.path.isdir(os.path.join(checkout, "harness")):
        sys.exit(f"test262_modules: {checkout} has no harness/ folder")
    tests = collect(checkout, args.filter)
    bundlers = ["esbuild"] + (["hawser"] if args.hawser else [])
    start = time.monotonic()
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_test, checkout, t, args): t for t in tests}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            results[futures[future].rel] = future.result()
            if done % 50 == 0:
                print(f"test262_modules: {done}/{len(tests)}", file=sys.stderr, flush=True)
    seconds = time.monotonic() - start

    print(f"test262 module tests: {len(tests)} tests, {seconds:.0f} s with {args.jobs} jobs")
    for b in bundlers:
        passed = sum(1 for t in tests if results[t.rel][b][0])
        print(f"  {b:8} pass {passed:5}  fail {len(tests) - passed:5}  total {len(tests):5}")

    print("\nper directory (passed / total)")
    by_dir = collections.defaultdict(list)
    for t in tests:
        by_dir[t.directory].append(t)
    width = max([len(d) for d in by_dir] + [9])
    print("  " + "directory".ljust(width) + "".join(f"  {b:>9}" for b in bundlers))
    for d in sorted(by_dir):
        group = by_dir[d]
        cells = "".join(f"  {sum(1 for t in group if results[t.rel][b][0]):>4}/{len(group):<4}" for b in bundlers)
        print("  " + d.ljust(width) + cells)

    for b in bundlers:
        features = collections.Counter()
        for t in tests:
            if not results[t.rel][b][0]:
                for f in t.features or ["(no feature)"]:
                    features[f] += 1
        print(f"\n{b} failures per feature: " + (", ".join(f"{f} {n}" for f, n in sorted(features.items(), key=lambda x: (-x[1], x[0]))) or "none"))

    if args.hawser:
        gap = [t for t in tests if results[t.rel]["esbuild"][0] and not results[t.rel]["hawser"][0]]
        print(f"\nhawser fails, esbuild passes: {len(gap)}")
        for t in gap:
            print(f"  {t.rel}: {results[t.rel]['hawser'][1]}")

    if args.json:
        with open(args.json, "w") as f:
            json.dump({t.rel: {b: {"pass": results[t.rel][b][0], "reason": results[t.rel][b][1]} for b in bundlers}
                       | {"features": t.features, "flags": t.flags, "negative": t.negative} for t in tests},
                      f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
