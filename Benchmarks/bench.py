#!/usr/bin/env python3
"""`make bench`: every figure of Hawser's performance from one run, as a table with ratios.

    Benchmarks/bench.py [--scale S] [--hawser BIN] [--raw BIN] [--runs N]

Inputs, made in a temporary folder and deleted afterwards:
- real JavaScript: npm's own sources under node's installation (its `node_modules` folders
  renamed, since Hawser skips them), when they are there; below scale 1, that share of them;
- one large file: TypeScript's `tsc.js` (6 MB) from Debian's node-typescript, at scale 1;
- generated JavaScript (`make_corpus.py`, fixed seed): 20 MB at scale 1, a quarter of the files
  minified-style, and the same at twice and four times the scale for the cost-per-byte row;
- generated app-shaped Swift (`make_swift_corpus.py`): 5,000 files (about a million lines) at
  scale 1.

Figures: the raw tree-sitter parse of the same bytes (`hawser-bench parse`, a tight loop over
the C API, one core), WebKit's syntax check of them (`hawser-bench check`, JavaScriptCore as lint
and build call it), `hawser lint` on one core (`taskset -c 0`) and on every core, the Swift
scan on one core, the peak resident memory of each run (all of these with `--no-cache`),
`hawser build` cold (empty cache, no output) and again with nothing changed, `hawser lint`
cold, with nothing changed and with one file changed, the time at scale 1, 2 and 4, and ES
modules (`make_module_graph.py`: 400 modules in a DAG and a CommonJS package at scale 1, at
least 50): `hawser build` cold, with one module changed and with nothing changed, against
`esbuild --bundle --format=iife` on the same entries (`n/a` while hawser does not bundle, or
without esbuild), whether both bundles post the same messages in node, and the size of
`main.js` with an inline map and without, beside esbuild's `--sourcemap=inline` and no map, tree-shaken and
not (`--tree-shaking=false`, the same code as Hawser's bundle, which the map's goal compares with). Times are the best
of `--runs` runs (default 2) of wall-clock time; the machine's other load shows in them, so compare runs made
on one machine. The goals are the performance issue's; a row says `met` or `not met`.
"""
import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--scale", type=float, default=1.0)
parser.add_argument("--hawser", default=os.path.join(root, ".build/release/hawser"))
parser.add_argument("--raw", default=os.path.join(root, ".build/release/hawser-bench"))
parser.add_argument("--runs", type=int, default=2)
args = parser.parse_args()
args.hawser, args.raw = os.path.abspath(args.hawser), os.path.abspath(args.raw)

cores = os.cpu_count() or 1
pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []


def run(command, cwd):
    """Runs `command` once; returns (seconds, stdout). Exit 0 or 1 (findings) is fine. Peak
    memory is `peak_of`'s: RUSAGE_CHILDREN here would be the largest of every earlier child."""
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate()
    seconds = time.monotonic() - start
    if process.returncode not in (0, 1):
        sys.exit(f"bench: {' '.join(command)} exited {process.returncode}:\n{err.decode(errors='replace')[-2000:]}")
    return seconds, out


def best(command, cwd, runs=None):
    """The best time of `runs` runs, and the last run's stdout."""
    results = [run(command, cwd) for _ in range(runs or args.runs)]
    return min(r[0] for r in results), results[-1][1]


def peak_of(command, cwd):
    """Peak resident memory of one run, measured in a fresh process so earlier children do not count."""
    probe = [sys.executable, "-c",
             "import resource,subprocess,sys;subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"] + command
    return int(subprocess.run(probe, cwd=cwd, capture_output=True, check=True).stdout) / 1024


def js_files(folder):
    files = []
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        files += [os.path.join(base, n) for n in sorted(names) if n.endswith(".js")]
    return files


def raw_parse(files, work, mode="parse"):
    listing = os.path.join(work, "files.txt")
    with open(listing, "w") as out:
        out.write("\n".join(files) + "\n")
    best_seconds, total = None, 0
    for _ in range(args.runs):
        out = subprocess.run(pin + [args.raw, mode, "@" + listing], capture_output=True, check=True).stdout
        fields = dict(part.split(": ") for part in out.decode().strip().strip("{}").replace('"', "").split(", "))
        seconds, total = float(fields["seconds"]), int(fields["bytes"])
        best_seconds = seconds if best_seconds is None else min(best_seconds, seconds)
    return total, best_seconds


def mb(n):
    return n / 1e6


def module_entries(project, ext="js"):
    """The run order of the bundles hawser built: the manifest's page-world scripts, and whether
    they are bundles (the manifest lists the two entries, not the modules they import)."""
    with open(os.path.join(project, "out", "manifest.json")) as f:
        manifest = json.load(f)
    scripts = [s for s in manifest["scripts"] if s.get("world", "page") == "page"]
    sources = sorted(s["source"] for s in scripts if s.get("origin") == "javaScript")
    bundled = sources == [f"userscripts/main.{ext}", f"userscripts/panel.{ext}"]
    return [os.path.join(project, "out", s["file"]) for s in scripts], bundled


def posted(scripts, work, label):
    """The messages the scripts post, run in order by Tests/Modules/run-scripts.js (None when
    they throw or node is missing)."""
    if not shutil.which("node"):
        return None
    spec = os.path.join(work, label + "-spec.json")
    with open(spec, "w") as f:
        json.dump({"scripts": [{"path": p} for p in scripts]}, f)
    result = subprocess.run(["node", os.path.join(root, "Tests", "Modules", "run-scripts.js"), spec], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    report = json.loads(result.stdout)
    return None if report["errors"] else report["messages"]


def module_graph_rows(work, typescript=False):
    """The module rows: `make_module_graph.py` at --scale (400 modules at scale 1, at least 50),
    built by `hawser build` cold (an empty cache folder, no output), again with one module
    changed (the cache the cold run filled), and with nothing changed; and by `esbuild --bundle
    --format=iife` on the same two entries. Each figure is the best of --runs. A hawser that
    fails or does not bundle (its manifest lists the modules as scripts) gets `n/a`, and so do
    esbuild's rows without esbuild: the benchmark goes on. With `typescript`, the same graph
    written in TypeScript (`make_module_graph.py --typescript`), which esbuild strips too."""
    ext = "ts" if typescript else "js"
    project = os.path.join(work, "modules-ts" if typescript else "modules")
    modules, entries, size = map(int, subprocess.run(
        [sys.executable, os.path.join(here, "make_module_graph.py"), project, str(args.scale)] + (["--typescript"] if typescript else []),
        capture_output=True, check=True, text=True).stdout.split())
    kind = "TypeScript modules" if typescript else "ES modules"
    label = f"{kind} ({modules} modules + a CommonJS package, {entries} entries, {mb(size):.2f} MB)"
    esbuild = shutil.which("esbuild")
    esbuild_seconds = None
    if esbuild:
        out = os.path.join(work, "modules-ts-esbuild" if typescript else "modules-esbuild")
        command = [esbuild, "--bundle", "--format=iife", "--platform=browser", "--log-level=error",
                   f"userscripts/main.{ext}", f"userscripts/panel.{ext}", "--outdir=" + out]
        esbuild_seconds, _ = best(command, project)
        row(f"{label}: esbuild --bundle --format=iife", f"{esbuild_seconds:.3f} s")
        reference = posted([os.path.join(out, n) for n in ("main.js", "panel.js")], work, "esbuild-" + ext)
    else:
        row(f"{label}: esbuild --bundle --format=iife", "n/a (no esbuild: scripts/install-deps.sh)")
        reference = None

    cache = os.path.join(work, "modules-ts-cache" if typescript else "modules-cache")
    build = [args.hawser, "build", "--directory", project, "--cache-dir", cache]

    def attempt():
        start = time.monotonic()
        result = subprocess.run(build, cwd=work, capture_output=True, text=True)
        return time.monotonic() - start, result

    colds, why = [], None
    for _ in range(args.runs):
        shutil.rmtree(os.path.join(project, "out"), ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        seconds, result = attempt()
        if result.returncode != 0:
            lines = (result.stdout + result.stderr).strip().splitlines()
            why = f"hawser build exited {result.returncode}: {lines[0][:100] if lines else ''}"
            break
        colds.append(seconds)
    if why is None:
        scripts, bundled = module_entries(project, ext)
        if not bundled:
            why = "hawser build does not bundle modules yet (its manifest lists them as scripts)"
    if why is not None:
        row(f"{label}: hawser build", f"n/a ({why})")
        return
    cold = min(colds)
    same = posted(scripts, work, "hawser-" + ext)
    changed = os.path.join(project, "userscripts", "lib", f"m{modules // 2:04}.{ext}")
    with open(changed) as f:
        original = f.read()
    edits = []
    for n in range(args.runs):
        with open(changed, "w") as f:
            f.write(original.replace("total * 31", f"total * {37 + 2 * n}", 1))
        seconds, result = attempt()
        if result.returncode != 0:
            row(f"{label}: hawser build", f"n/a (hawser build exited {result.returncode} after an edit)")
            return
        edits.append(seconds)
    with open(changed, "w") as f:
        f.write(original)
    attempt()
    noops = [attempt()[0] for _ in range(args.runs)]
    edit, noop = min(edits), min(noops)
    versus = f", {cold / esbuild_seconds:.1f}x esbuild" if esbuild_seconds else ""
    row(f"{label}: hawser build, cold (empty cache)", f"{cold:.2f} s{versus}")
    row(f"{label}: hawser build, one module changed", f"{edit:.3f} s ({100 * edit / cold:.1f}% of cold)")
    row(f"{label}: hawser build, nothing changed", f"{noop:.3f} s ({100 * noop / cold:.1f}% of cold)")
    if esbuild_seconds:
        goals.append((f"{kind}: cold build <= 2x esbuild", f"{cold / esbuild_seconds:.1f}x", cold <= 2 * esbuild_seconds))
    goals.append((f"{kind}: one module changed <= 20% of cold", f"{100 * edit / cold:.1f}%", edit <= 0.2 * cold))
    if reference is not None:
        row(f"{label}: hawser's bundles post what esbuild's do", "yes" if same == reference else "NO")
    if esbuild and not typescript:
        # The size of what a user ships: main.js with its inline map, and without, beside
        # esbuild's --sourcemap=inline and no map. esbuild drops the exports no module imports
        # (tree shaking) and Hawser keeps every module whole, so the map's goal is measured
        # against esbuild's bundle of the same code, `--tree-shaking=false`; the default
        # bundle's sizes are printed beside it.
        sizes = {}
        for maps in ("inline", "none"):
            shutil.rmtree(os.path.join(project, "out"), ignore_errors=True)
            subprocess.run(build + ["--source-maps", maps], cwd=work, capture_output=True, check=True)
            sizes["hawser", maps] = os.path.getsize(os.path.join(project, "out", "main.js"))
            for shaking in ("true", "false"):
                out = os.path.join(work, f"modules-esbuild-{maps}-{shaking}")
                subprocess.run([esbuild, "--bundle", "--format=iife", "--platform=browser", "--log-level=error",
                                "--tree-shaking=" + shaking]
                               + (["--sourcemap=inline"] if maps == "inline" else []) + ["userscripts/main.js", "--outdir=" + out],
                               cwd=project, check=True)
                sizes["esbuild-" + shaking, maps] = os.path.getsize(os.path.join(out, "main.js"))

        def kilobytes(tool):
            return f"{sizes[tool, 'inline'] / 1e3:.0f} KB / {sizes[tool, 'none'] / 1e3:.0f} KB"
        hawser_map = sizes["hawser", "inline"] - sizes["hawser", "none"]
        same_code_map = sizes["esbuild-false", "inline"] - sizes["esbuild-false", "none"]
        row(f"{label}: main.js, hawser (inline map / none)", kilobytes("hawser"))
        row(f"{label}: main.js, esbuild (inline map / none)", kilobytes("esbuild-true"))
        row(f"{label}: main.js, esbuild --tree-shaking=false (inline map / none)", kilobytes("esbuild-false"))
        goals.append(("inline map of main.js <= 1.1x esbuild's, same code", f"{hawser_map / same_code_map:.2f}x",
                      hawser_map <= 1.1 * same_code_map))


rows = []        # (figure, value text)
goals = []       # (goal, reached text, met)


def row(figure, value):
    rows.append((figure, value))
    print(f"bench: {figure}: {value}", file=sys.stderr, flush=True)


work = tempfile.mkdtemp(prefix="hawser-bench-")
try:
    empty = os.path.join(work, "empty")
    os.makedirs(empty)
    # An empty config where the runs with --scripts and --swift start: without one, lint would
    # apply what `hawser init` proposes (and leave npm's minified and dist files out), and the
    # rows compare lint with the raw parse of the same bytes.
    with open(os.path.join(work, "hawser.json"), "w") as config:
        config.write("{}\n")

    # Real JavaScript: npm's sources.
    npm_source = None
    for candidate in ["/usr/lib/node_modules/npm", "/usr/local/lib/node_modules/npm", "/usr/share/nodejs/npm"]:
        if os.path.isdir(candidate):
            npm_source = candidate
            break
    real_ratio = None
    if npm_source:
        npm = os.path.join(work, "npm")
        shutil.copytree(npm_source, npm, symlinks=True)
        # Hawser skips node_modules folders: rename them, deepest first.
        for base, dirs, _ in sorted(os.walk(npm, topdown=False), key=lambda entry: -entry[0].count(os.sep)):
            for d in dirs:
                if d == "node_modules":
                    os.rename(os.path.join(base, d), os.path.join(base, "nm"))
        files = js_files(npm)
        if args.scale < 1:
            # A small scale (make test's check that the benchmark runs) reads only part of npm.
            files = files[:max(10, int(len(files) * args.scale))]
        raw_bytes, raw_seconds = raw_parse(files, work)
        check_bytes, check_seconds = raw_parse(files, work, mode="check")
        real_bytes = sum(os.path.getsize(f) for f in files)
        real = os.path.join(work, "real")
        for f in files:
            target = os.path.join(real, os.path.relpath(f, npm))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(f, target)
        one, _ = best(pin + [args.hawser, "lint", "--no-cache", "--scripts", real, "--swift", empty], work)
        every, _ = best([args.hawser, "lint", "--no-cache", "--scripts", real, "--swift", empty], work)
        raw_rate = mb(raw_bytes) / raw_seconds
        one_rate, every_rate = mb(real_bytes) / one, mb(real_bytes) / every
        real_ratio = one_rate / raw_rate
        row(f"real JS ({len(files)} files of npm, {mb(real_bytes):.1f} MB): raw parse, one core", f"{raw_rate:.2f} MB/s")
        row("real JS: WebKit's syntax check (JavaScriptCore, as lint and build run it), one core",
            f"{mb(check_bytes) / check_seconds:.2f} MB/s ({1000 * check_seconds / mb(check_bytes):.1f} ms per MB; {mb(check_bytes) / check_seconds / raw_rate:.2f}x raw parse)")
        row("real JS: hawser lint, one core", f"{one_rate:.2f} MB/s ({real_ratio:.2f}x raw)")
        row(f"real JS: hawser lint, {cores} cores", f"{every_rate:.2f} MB/s ({every_rate / one_rate:.2f}x one core)")
        goals.append(("lint on real JS >= 0.85x raw parse, one core", f"{real_ratio:.2f}x", real_ratio >= 0.85))
        goals.append((f"lint on real JS, all {cores} cores >= 1.7x one core", f"{every_rate / one_rate:.2f}x", every_rate / one_rate >= 1.7 or cores < 2))
    else:
        row("real JS", "npm's sources not found; skipped")

    # One large file: TypeScript's tsc.js (6 MB), as Debian's node-typescript installs it.
    tsc_source = next((c for c in ["/usr/share/nodejs/typescript/lib/tsc.js", "/usr/lib/node_modules/typescript/lib/tsc.js"] if os.path.isfile(c)), None)
    if tsc_source and args.scale >= 1:
        tsc = os.path.join(work, "tsc")
        os.makedirs(tsc)
        shutil.copyfile(tsc_source, os.path.join(tsc, "tsc.js"))
        tsc_bytes, tsc_seconds = raw_parse([os.path.join(tsc, "tsc.js")], work)
        tsc_one, _ = best(pin + [args.hawser, "lint", "--no-cache", "--scripts", tsc, "--swift", empty], work)
        tsc_raw_rate, tsc_rate = mb(tsc_bytes) / tsc_seconds, mb(tsc_bytes) / tsc_one
        tsc_peak = peak_of([args.hawser, "lint", "--no-cache", "--scripts", tsc, "--swift", empty], work)
        row(f"one large file (TypeScript's tsc.js, {mb(tsc_bytes):.1f} MB): raw parse, one core", f"{tsc_raw_rate:.2f} MB/s")
        row("tsc.js: hawser lint, one core", f"{tsc_rate:.2f} MB/s ({tsc_rate / tsc_raw_rate:.2f}x raw), peak {tsc_peak:.0f} MB")
        goals.append(("lint of tsc.js >= 0.85x raw parse, one core", f"{tsc_rate / tsc_raw_rate:.2f}x", tsc_rate / tsc_raw_rate >= 0.85))
    else:
        row("one large file (tsc.js)", "skipped (below scale 1, or no node-typescript)")

    # Generated JavaScript at scale 1, 2 and 4.
    scaled = {}
    for factor in (1, 2, 4):
        folder = os.path.join(work, f"js{factor}")
        total = int(subprocess.run([sys.executable, os.path.join(here, "make_corpus.py"), folder, str(args.scale * factor)],
                                   capture_output=True, check=True).stdout)
        scaled[factor] = (folder, total)
    folder, total = scaled[1]
    files = js_files(os.path.join(folder, "userscripts"))
    raw_bytes, raw_seconds = raw_parse(files, work)
    raw_rate = mb(raw_bytes) / raw_seconds
    # Throughput rows measure the work itself: uncached.
    one, _ = best(pin + [args.hawser, "lint", "--no-cache"], folder)
    every, _ = best([args.hawser, "lint", "--no-cache"], folder)
    peak = peak_of([args.hawser, "lint", "--no-cache"], folder)
    one_rate, every_rate = mb(total) / one, mb(total) / every
    parallel = every_rate / one_rate
    row(f"generated JS ({len(files)} files, {mb(total):.1f} MB): raw parse, one core", f"{raw_rate:.2f} MB/s")
    row("generated JS: hawser lint, one core", f"{one_rate:.2f} MB/s ({one_rate / raw_rate:.2f}x raw)")
    row(f"generated JS: hawser lint, {cores} cores", f"{every_rate:.2f} MB/s ({parallel:.2f}x one core)")
    row("generated JS: peak resident memory of lint", f"{peak:.0f} MB")
    goals.append((f"all {cores} cores >= 1.7x one core", f"{parallel:.2f}x", parallel >= 1.7 or cores < 2))
    goals.append(("peak memory <= 200 MB at scale 1", f"{peak:.0f} MB", peak <= 200 or args.scale != 1))

    # Build: cold (no previous output, an empty cache), then again with nothing changed (the
    # cache the cold run filled). Best of --runs for each, every cold run from scratch.
    cache = os.path.join(work, "cache")
    build = [args.hawser, "build", "--cache-dir", cache]
    colds = []
    for _ in range(args.runs):
        shutil.rmtree(os.path.join(folder, "out"), ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        colds.append(run(build, folder)[0])
    cold = min(colds)
    noop, _ = best(build, folder)
    row("generated JS: hawser build, cold (empty cache)", f"{cold:.2f} s")
    row("generated JS: hawser build, nothing changed", f"{noop:.3f} s ({100 * noop / cold:.1f}% of cold)")
    goals.append(("no-op build <= 5% of cold", f"{100 * noop / cold:.1f}%", noop <= 0.05 * cold))
    # Lint: cold (empty cache), nothing changed (the run's record), and one file changed (the
    # other files' facts from the cache, the changed one parsed).
    lint = [args.hawser, "lint", "--cache-dir", cache]
    shutil.rmtree(cache, ignore_errors=True)
    lint_cold, _ = run(lint, folder)
    lint_noop, _ = best(lint, folder)
    changed = files[len(files) // 2]
    with open(changed, "rb") as f:
        original = f.read()
    edits = []
    for n in range(args.runs):
        with open(changed, "wb") as f:
            f.write(original + f"\n// edit {n}\n".encode())
        edits.append(run(lint, folder)[0])
    with open(changed, "wb") as f:
        f.write(original)
    lint_edit = min(edits)
    row("generated JS: hawser lint, cold (empty cache)", f"{lint_cold:.2f} s")
    row("generated JS: hawser lint, nothing changed", f"{lint_noop:.3f} s ({100 * lint_noop / lint_cold:.1f}% of cold)")
    row("generated JS: hawser lint, one file changed", f"{lint_edit:.3f} s ({100 * lint_edit / lint_cold:.1f}% of cold)")

    # Cost per byte: the same corpus at scale 2 and 4, all cores.
    times = {1: every}
    for factor in (2, 4):
        seconds, _ = best([args.hawser, "lint", "--no-cache"], scaled[factor][0])
        times[factor] = seconds
        row(f"generated JS at scale {args.scale * factor:g} ({mb(scaled[factor][1]):.1f} MB): hawser lint, {cores} cores", f"{seconds:.2f} s")
    growth = times[4] / times[1]
    goals.append(("scale 4 / scale 1 between 3.6 and 4.4", f"{growth:.2f}", 3.6 <= growth <= 4.4))

    # Swift: generated app-shaped tree, one core.
    swift = os.path.join(work, "swift")
    swift_files = max(1, int(5000 * args.scale))
    swift_bytes, swift_lines = map(int, subprocess.run(
        [sys.executable, os.path.join(here, "make_swift_corpus.py"), swift, str(swift_files)],
        capture_output=True, check=True).stdout.split())
    seconds, _ = best(pin + [args.hawser, "lint", "--no-cache", "--scripts", empty, "--swift", swift], work)
    swift_peak = peak_of([args.hawser, "lint", "--no-cache", "--scripts", empty, "--swift", swift], work)
    swift_rate = mb(swift_bytes) / seconds
    row(f"generated Swift ({swift_files} files, {swift_lines} lines, {mb(swift_bytes):.1f} MB): scan, one core",
        f"{swift_rate:.2f} MB/s, peak {swift_peak:.0f} MB")
    goals.append(("Swift scan >= 100 MB/s, one core", f"{swift_rate:.1f} MB/s", swift_rate >= 100))

    # ES modules: a generated DAG of modules and a CommonJS package, two entries, bundled by
    # hawser build (cold, one module changed, nothing changed) and by esbuild.
    module_graph_rows(work)
    # The same graph in TypeScript: stripped by hawser build, and by esbuild.
    module_graph_rows(work, typescript=True)
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"Hawser benchmark: scale {args.scale:g}, {platform.machine()}, {cores} cores, best of {args.runs} runs")
width = max(len(f) for f, _ in rows)
for figure, value in rows:
    print(f"{figure.ljust(width)}  {value}")
print()
width = max(len(g) for g, _, _ in goals)
for goal, reached, met in goals:
    print(f"goal: {goal.ljust(width)}  {reached:>9}  {'met' if met else 'not met'}")
