#!/usr/bin/env python3
"""Bundles the module fixtures with esbuild and with `hawser build`, runs both in node, and
compares what the scripts post with each fixture's `expected.json`.

    Tests/Modules/compare_bundlers.py [--hawser PATH] [--case NAME]... [--skip-hawser] [--esbuild PATH] [--verbose]

Fixtures: `Tests/Fixtures/modules/<case>/`, each a small project: `hawser.json`, a scripts
folder of entries and modules, optionally `node_modules/`, and either

- `expected.json`: the messages the scripts post, in order, as `[{"handler", "body"}, …]`; or
- `expected-error.txt` (an error case): each non-empty line is a text that hawser's output
  (standard output and error) must contain, and hawser must exit non-zero. Only hawser is
  checked; esbuild's verdict is printed for information.

A case named `debian-<package>` uses Debian's `/usr/share/nodejs/<package>` (node-uuid,
node-lodash; `scripts/install-deps.sh` installs them), copied, symbolic links resolved, into
the temporary copy's `node_modules/`; the case is skipped (SKIP, not a failure) when absent.

For each case, in a temporary copy of the fixture:

- esbuild: the entries are the `.js` files of the config's scripts folders that no other file of
  the graph imports or requires (found from esbuild's metafile of a bundle of all of them). Each
  is bundled alone with `esbuild --bundle --format=iife --platform=browser`, and the bundles run
  in the order of their names (the path in the scripts folder, without `.js`). esbuild cannot
  write top-level await in an IIFE: such an entry is bundled as `--format=esm` (through a file
  that imports it, so no `export` is left) and wrapped in an async function, as Hawser wraps it.
- hawser: `hawser build --directory COPY`; the scripts of `out/manifest.json` (the config's
  output folder) in the page world run in the manifest's order, Hawser's runtime included.

Both run through `Tests/Modules/run-scripts.js`: one node process, one `vm` context imitating a
WKWebView frame; every script must compile as a classic script, and no error may be thrown,
logged with console.error or left as an unhandled rejection. One line per case and bundler,
PASS, FAIL (with a diff or the reason) or SKIP; the exit status is 1 when anything failed.
"""
import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "modules")
DRIVER = os.path.join(HERE, "run-scripts.js")
DEBIAN_NODEJS = "/usr/share/nodejs"
SKIPPED_FOLDERS = {"node_modules", ".build", ".git"}
TLA_MESSAGE = "Top-level await is currently not supported"


class Failure(Exception):
    """A failed check; the message says what happened."""


def load_config(project):
    with open(os.path.join(project, "hawser.json")) as f:
        return json.load(f)


def script_files(project, config):
    """(scripts folder, path inside it) of every .js file of the config's scripts folders, sorted."""
    found = []
    for folder in config.get("scripts", []):
        base = os.path.join(project, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_FOLDERS)
            for name in sorted(filenames):
                if name.endswith(".js"):
                    found.append((base, os.path.relpath(os.path.join(dirpath, name), base)))
    return sorted(found, key=lambda pair: pair[1])


def esbuild_entries(esbuild, project, config, work):
    """The entries: script files that no file of the graph imports or requires, as
    (name, absolute path), sorted by name."""
    files = script_files(project, config)
    paths = [os.path.join(base, rel) for base, rel in files]
    meta = os.path.join(work, "meta.json")
    command = [esbuild, "--bundle", "--format=esm", "--platform=browser", "--log-level=error",
               "--metafile=" + meta, "--outdir=" + os.path.join(work, "meta-out")] + paths
    result = subprocess.run(command, cwd=project, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("esbuild could not read the graph:\n" + result.stderr.strip())
    with open(meta) as f:
        inputs = json.load(f)["inputs"]
    imported = set()
    for source, info in inputs.items():
        for edge in info.get("imports", []):
            target = os.path.normpath(os.path.join(project, edge["path"]))
            if target != os.path.normpath(os.path.join(project, source)):
                imported.add(target)
    entries = []
    for (base, rel), path in zip(files, paths):
        if os.path.normpath(path) not in imported:
            entries.append((rel[:-len(".js")], path))
    return entries


def run_scripts(scripts, work, label):
    """Runs (path, filename) scripts in order through run-scripts.js; returns its report."""
    spec_path = os.path.join(work, label + "-spec.json")
    with open(spec_path, "w") as f:
        json.dump({"scripts": [{"path": p, "filename": n} for p, n in scripts]}, f)
    result = subprocess.run(["node", DRIVER, spec_path], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise Failure(f"node exited {result.returncode}:\n{result.stderr.strip()[-2000:]}")
    return json.loads(result.stdout)


def check_report(report, expected):
    """Raises Failure unless the run posted exactly `expected` and reported no error."""
    problems = []
    if report["errors"]:
        problems.append("errors:\n" + "\n".join(
            f"  {e['kind']} in {e['script']}: {e['name']}: {e['message']}" for e in report["errors"]))
    if report["messages"] != expected:
        want = [json.dumps(m, sort_keys=True, ensure_ascii=False) for m in expected]
        got = [json.dumps(m, sort_keys=True, ensure_ascii=False) for m in report["messages"]]
        diff = difflib.unified_diff(want, got, "expected.json", "posted", lineterm="", n=2)
        problems.append("messages differ:\n" + "\n".join("  " + line for line in diff))
    if problems:
        raise Failure("\n".join(problems))


def bundle_with_esbuild(esbuild, project, config, work):
    """Bundles every entry; returns [(path, filename)] in run order."""
    outputs = []
    for name, entry in esbuild_entries(esbuild, project, config, work):
        outfile = os.path.join(work, "esbuild", name + ".js")
        command = [esbuild, "--bundle", "--format=iife", "--platform=browser", "--log-level=error",
                   entry, "--outfile=" + outfile]
        result = subprocess.run(command, cwd=project, capture_output=True, text=True)
        if result.returncode != 0 and TLA_MESSAGE in result.stderr:
            # An ES module bundle keeps the entry's exports: bundle a file that imports it.
            shim = os.path.join(os.path.dirname(entry), "__esbuild_entry__.js")
            with open(shim, "w") as f:
                f.write(f"import {json.dumps('./' + os.path.basename(entry))};\n")
            command[2], command[5] = "--format=esm", shim
            result = subprocess.run(command, cwd=project, capture_output=True, text=True)
            os.remove(shim)
            if result.returncode == 0:
                with open(outfile) as f:
                    body = f.read()
                with open(outfile, "w") as f:
                    f.write("(async function () {\n" + body + "\n})();\n")
        if result.returncode != 0:
            raise Failure(f"esbuild refused {name}:\n{result.stderr.strip()}")
        outputs.append((outfile, name + ".js"))
    return outputs


def build_with_hawser(hawser, project, config):
    """Runs hawser build; returns [(path, filename)] of the manifest's page-world scripts."""
    result = subprocess.run([hawser, "build", "--directory", project], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise Failure(f"hawser build exited {result.returncode}:\n{(result.stdout + result.stderr).strip()[-3000:]}")
    output = os.path.join(project, config.get("output", "output"))
    with open(os.path.join(output, "manifest.json")) as f:
        manifest = json.load(f)
    scripts = []
    for script in manifest["scripts"]:
        if script.get("world", "page") == "page":
            scripts.append((os.path.join(output, script["file"]), script["file"]))
    return scripts


def prepare(case, work):
    """A temporary copy of the fixture (Debian packages added); None when one is missing."""
    project = os.path.join(work, "project")
    shutil.copytree(os.path.join(FIXTURES, case), project,
                    ignore=shutil.ignore_patterns("out", ".build", "expected.json", "expected-error.txt"))
    if case.startswith("debian-"):
        package = case[len("debian-"):]
        source = os.path.join(DEBIAN_NODEJS, package)
        if not os.path.isfile(os.path.join(source, "package.json")):
            return None
        # symlinks=False: Debian links some files to other packages; copy what they point to.
        shutil.copytree(os.path.realpath(source), os.path.join(project, "node_modules", package), symlinks=False)
    return project


def line(verdict, case, bundler, detail=""):
    print(f"{verdict:4}  {case:24} {bundler}" + (f": {detail}" if detail and "\n" not in detail else ""))
    if detail and "\n" in detail:
        print("      " + detail.replace("\n", "\n      "))


def run_case(case, args):
    """Runs one case; returns the number of failures."""
    folder = os.path.join(FIXTURES, case)
    expected_path = os.path.join(folder, "expected.json")
    error_path = os.path.join(folder, "expected-error.txt")
    failures = 0
    with tempfile.TemporaryDirectory(prefix=f"hawser-modules-{case}-") as work:
        project = prepare(case, work)
        if project is None:
            line("SKIP", case, "both", f"{DEBIAN_NODEJS}/{case[len('debian-'):]} is not installed (scripts/install-deps.sh)")
            return 0
        config = load_config(project)

        if os.path.exists(error_path):
            with open(error_path) as f:
                needles = [n.strip() for n in f.read().splitlines() if n.strip()]
            try:
                bundle_with_esbuild(args.esbuild, project, config, work)
                line("INFO", case, "esbuild", "built (not checked)")
            except Failure as refused:
                first = str(refused).splitlines()[1:2] or [str(refused)]
                line("INFO", case, "esbuild", "refused (not checked): " + first[0].strip())
            if args.skip_hawser:
                return 0
            result = subprocess.run([args.hawser, "build", "--directory", project], capture_output=True, text=True, timeout=300)
            text = result.stdout + result.stderr
            missing = [n for n in needles if n not in text]
            if result.returncode == 0:
                line("FAIL", case, "hawser", "built; expected an error containing " + json.dumps(needles) + "\n" + text.strip())
                failures += 1
            elif result.returncode < 0 or missing:
                why = f"killed by signal {-result.returncode}" if result.returncode < 0 else f"output lacks {json.dumps(missing)}"
                line("FAIL", case, "hawser", why + "\n" + text.strip()[-3000:])
                failures += 1
            else:
                lines = [l.strip() for l in text.splitlines() if l.strip()]
                first = next((l for l in lines if "error" in l.lower()), lines[0] if lines else "")
                line("PASS", case, "hawser", "refused: " + first[:160])
            return failures

        with open(expected_path) as f:
            expected = json.load(f)
        bundlers = [("esbuild", lambda: bundle_with_esbuild(args.esbuild, project, config, work))]
        if not args.skip_hawser:
            bundlers.append(("hawser", lambda: build_with_hawser(args.hawser, project, config)))
        for bundler, build in bundlers:
            try:
                report = run_scripts(build(), work, bundler)
                if args.verbose:
                    print(json.dumps(report, ensure_ascii=False))
                check_report(report, expected)
                line("PASS", case, bundler)
            except (Failure, subprocess.TimeoutExpired) as failure:
                line("FAIL", case, bundler, str(failure))
                failures += 1
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hawser", default=os.path.join(ROOT, ".build", "debug", "hawser"))
    parser.add_argument("--esbuild", default=shutil.which("esbuild") or "esbuild")
    parser.add_argument("--case", action="append", help="run only this case (repeatable)")
    parser.add_argument("--skip-hawser", action="store_true", help="run esbuild only")
    parser.add_argument("--verbose", action="store_true", help="print each run's report")
    args = parser.parse_args()
    args.hawser = os.path.abspath(args.hawser)
    if not shutil.which(args.esbuild):
        sys.exit("compare_bundlers: esbuild not found (scripts/install-deps.sh installs Debian's esbuild)")
    if not args.skip_hawser and not os.path.isfile(args.hawser):
        sys.exit(f"compare_bundlers: {args.hawser}: no such file; build it (swift build --product hawser) or pass --skip-hawser")
    cases = sorted(d for d in os.listdir(FIXTURES) if os.path.isdir(os.path.join(FIXTURES, d)))
    if args.case:
        unknown = sorted(set(args.case) - set(cases))
        if unknown:
            sys.exit(f"compare_bundlers: no such case: {', '.join(unknown)}")
        cases = [c for c in cases if c in args.case]
    failures = sum(run_case(case, args) for case in cases)
    print(f"compare_bundlers: {len(cases)} cases, {failures} failure{'s' if failures != 1 else ''}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
