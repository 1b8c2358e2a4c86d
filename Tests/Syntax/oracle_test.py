#!/usr/bin/env python3
"""The syntax fixtures (Tests/Fixtures/syntax/{script,module}/{refused,accepted}) judged by a
second engine, node's V8, and by the built `hawser`, so the fixtures cannot drift from what a
real parser says, either way:

- every file under `refused/` is refused by V8 (vm.Script for `script/`, vm.SourceTextModule for
  `module/`), and every file under `accepted/` is accepted;
- `hawser lint` and `hawser build`, on a project whose scripts folder holds the file (and the
  folder's modules without a `// refused`/`// accepted` line), exit 1 with a finding at the
  file's `// refused at L:C` for a refused file, and report no syntax finding for an accepted one.

SyntaxFixtureTests checks Hawser's verdicts in process; this runs the binary and the second engine.

    Tests/Syntax/oracle_test.py --hawser .build/debug/hawser
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "syntax")
CODES = ("[syntax-error]", "[module-error]", "[not-a-classic-script]")


def cases():
    for goal in ("script", "module"):
        for verdict in ("refused", "accepted"):
            folder = os.path.join(FIXTURES, goal, verdict)
            for name in sorted(os.listdir(folder)):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    first = f.readline()
                match = re.match(r"// refused at (\d+:\d+)", first)
                if match or first.startswith("// accepted"):
                    yield goal, verdict, folder, name, match.group(1) if match else None


def node_verdicts(goal, paths):
    args = ["node", "--experimental-vm-modules", "--no-warnings", os.path.join(HERE, "node-verdict.js")]
    out = subprocess.run(args + (["--module"] if goal == "module" else []) + paths, capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def hawser_findings(hawser, folder, name, command):
    with tempfile.TemporaryDirectory() as project:
        scripts = os.path.join(project, "userscripts")
        os.mkdir(scripts)
        for other in os.listdir(folder):
            with open(os.path.join(folder, other), encoding="utf-8") as f:
                first = f.readline()
            if other == name or not first.startswith("// "):
                shutil.copy(os.path.join(folder, other), scripts)
        with open(os.path.join(project, "hawser.json"), "w") as f:
            f.write('{"scripts": ["userscripts"], "swift": [], "output": "out"}\n')
        run = subprocess.run([hawser, command, "--no-cache"], cwd=project, capture_output=True, text=True, timeout=60)
        findings = [line for line in run.stdout.splitlines() if line.startswith("userscripts/" + name + ":") and line.endswith(CODES)]
        wrote = os.path.exists(os.path.join(project, "out"))
        return run.returncode, findings, wrote


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hawser", required=True)
    options = parser.parse_args()
    options.hawser = os.path.abspath(options.hawser)
    failures = []
    all_cases = list(cases())
    for goal in ("script", "module"):
        selected = [c for c in all_cases if c[0] == goal]
        verdicts = node_verdicts(goal, [os.path.join(c[2], c[3]) for c in selected])
        for (goal_, verdict, folder, name, expected), node in zip(selected, verdicts):
            label = f"{goal}/{verdict}/{name}"
            if node.split(":")[0] != verdict:
                failures.append(f"{label}: node says {node}")
            for command in ("lint", "build"):
                status, findings, wrote = hawser_findings(options.hawser, folder, name, command)
                if expected:
                    if status != 1 or len(findings) != 1 or f":{expected}: " not in findings[0]:
                        failures.append(f"{label}: hawser {command} exit {status}, {findings} (expected one at {expected})")
                    if command == "build" and wrote:
                        failures.append(f"{label}: hawser build wrote its output folder for a refused script")
                elif findings:
                    failures.append(f"{label}: hawser {command} refuses what node accepts: {findings}")
    for failure in failures:
        print("FAIL " + failure)
    print(f"syntax oracle: {len(all_cases)} fixtures, node and hawser (lint, build) agree on {len(all_cases) - len({f.split(':')[0] for f in failures})}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
