#!/usr/bin/env python3
"""Real TypeScript through Hawser's stripper and through tsc 4.8: the corpus mode of
Tests/TypeScript/compare_tsc.mjs over the .ts files of a few public browser projects.

    Benchmarks/typescript_corpus.py [--mirror DIR] [--out DIR] [--strip CMD] [--project NAME]...
                                    [--extract-only] [--jobs N] [--no-positions] [--verbose]

The projects' code is never committed here. Their git folders are snapshots that the session's
`fetch` tool brought to `--mirror` (default /work/.mirror), as `<owner>+<name>/repo`; the files
are read from the recorded commit (git ls-tree / git show, no work tree), written under `--out`
(default /tmp/tscorpus) as `<project>/<path in the repository>`, listed in `<out>/list.txt`, and
compared by

    node Tests/TypeScript/compare_tsc.mjs --corpus <out>/list.txt --root <out> --strip CMD

CMD (default `.build/debug/hawser strip`) prints the JavaScript of the file given as its last
argument, or exits non-zero with diagnostics on standard error when it refuses it. Declaration
files (.d.ts) are left out: they hold only types. Until `hawser strip` exists, stand-ins:
`--strip "node Tests/TypeScript/tsc_strip.mjs" --no-positions` (tsc itself: every file that tsc
parses is equal; tsc keeps no positions) and
`--strip "node Tests/TypeScript/tsc_strip.mjs --break"` (one identifier renamed in every file:
every file must be reported as differing).

The corpus (commits of the snapshots fetched on 2026-12-02; files = .ts/.tsx, not .d.ts):

| project            | repository                   | commit                                   | folders          | files |
| ------------------ | ---------------------------- | ---------------------------------------- | ---------------- | ----- |
| capacitor-core     | ionic-team/capacitor         | 1834b9740e200fd96f866975d54515d49ef1aa97 | core/            | 15    |
| capacitor-cli      | ionic-team/capacitor         | 1834b9740e200fd96f866975d54515d49ef1aa97 | cli/             | 71    |
| capacitor-plugins  | ionic-team/capacitor-plugins | 5b652926feff2721204ca72792724aa50a11e988 | (all)            | 60    |
| comlink            | GoogleChromeLabs/comlink     | 114a4a6448a855a613f1cb9a7c89290606c003cf | (all)            | 4     |
| idb                | jakearchibald/idb            | 77dd8bebf3669bbce9628e470a021ff63eb4acaf | (all)            | 11    |
| ky                 | sindresorhus/ky              | 3419113b48e034fdcf8fa6bd3be3da7b3d0d758f | (all)            | 53    |

capacitor-core holds `native-bridge.ts`, the script Capacitor injects into its WKWebView, and
the web side of its plugin bridge; capacitor-plugins the web implementations of the official
plugins; comlink, idb and ky are small browser libraries (workers, IndexedDB, fetch).
capacitor-cli is Node code, kept for its syntax (enums among it).

Files with syntax that is compiled, not erased (10; compare_tsc.mjs lists them apart, as
`non-erasable PATH (what)`):
    capacitor-cli/cli/src/definitions.ts (const enum, enum)
    capacitor-cli/cli/src/errors.ts (parameter property)
    capacitor-cli/cli/src/plugin.ts (const enum)
    capacitor-core/core/src/core-plugins.ts (enum)
    capacitor-core/core/src/util.ts (enum, parameter property)
    capacitor-plugins/action-sheet/src/definitions.ts (enum)
    capacitor-plugins/camera/src/definitions.ts (enum)
    capacitor-plugins/local-notifications/src/definitions.ts (enum)
    capacitor-plugins/status-bar/src/definitions.ts (enum)
    comlink/src/protocol.ts (const enum)
No file uses a namespace with values, a decorator, `import x = require()` or `export =`.
Files that tsc 4.8 cannot parse (TypeScript ≥ 4.9 syntax such as `satisfies`) are printed as
SKIP and not compared; this corpus has none.

With the stand-ins (2 cores, about 4 minutes each, most of it node starting once a file):
- `--strip "node Tests/TypeScript/tsc_strip.mjs" --no-positions`: 214 files equal;
- `--strip "node Tests/TypeScript/tsc_strip.mjs --break"`: every file differs (exit 1);
- `--strip "node Tests/TypeScript/blank_strip.mjs"` (blanks types over tsc's tree, refuses
  compiled forms): 204 erasable files equal with every position kept, the 10 others refused.

Exit status: compare_tsc.mjs's (1 when an erasable file differs, moved a token, or was refused);
2 when a snapshot or its commit is missing.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
COMPARE = os.path.join(ROOT, "Tests", "TypeScript", "compare_tsc.mjs")

# name, repository (owner/name), commit, path prefixes ([] = the whole repository)
PROJECTS = [
    ("capacitor-core", "ionic-team/capacitor", "1834b9740e200fd96f866975d54515d49ef1aa97", ["core/"]),
    ("capacitor-cli", "ionic-team/capacitor", "1834b9740e200fd96f866975d54515d49ef1aa97", ["cli/"]),
    ("capacitor-plugins", "ionic-team/capacitor-plugins", "5b652926feff2721204ca72792724aa50a11e988", []),
    ("comlink", "GoogleChromeLabs/comlink", "114a4a6448a855a613f1cb9a7c89290606c003cf", []),
    ("idb", "jakearchibald/idb", "77dd8bebf3669bbce9628e470a021ff63eb4acaf", []),
    ("ky", "sindresorhus/ky", "3419113b48e034fdcf8fa6bd3be3da7b3d0d758f", []),
]

EXTENSIONS = (".ts", ".tsx", ".mts", ".cts")
DECLARATIONS = (".d.ts", ".d.mts", ".d.cts")


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True).stdout


def extract(mirror, out, name, repo, commit, prefixes):
    git_dir = os.path.join(mirror, repo.replace("/", "+"), "repo")
    if not os.path.isdir(git_dir):
        sys.exit(f"typescript_corpus: no snapshot of {repo} at {git_dir} (bring it with the fetch tool)")
    if subprocess.run(["git", "--git-dir", git_dir, "cat-file", "-e", f"{commit}^{{commit}}"],
                      capture_output=True).returncode != 0:
        sys.exit(f"typescript_corpus: {repo} has no commit {commit}")
    paths = git(git_dir, "ls-tree", "-r", "-z", "--name-only", commit).decode().split("\0")
    chosen = sorted(p for p in paths
                    if p.endswith(EXTENSIONS) and not p.endswith(DECLARATIONS)
                    and (not prefixes or any(p.startswith(x) for x in prefixes)))
    written = []
    for path in chosen:
        target = os.path.join(out, name, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(git(git_dir, "show", f"{commit}:{path}"))
        written.append(target)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirror", default="/work/.mirror")
    parser.add_argument("--out", default="/tmp/tscorpus")
    parser.add_argument("--strip", default=os.path.join(ROOT, ".build", "debug", "hawser") + " strip")
    parser.add_argument("--project", action="append", help="only these projects (by name)")
    parser.add_argument("--extract-only", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-positions", action="store_true", help="leave out the position check (for tsc_strip.mjs)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    out = os.path.abspath(args.out)
    files = []
    for name, repo, commit, prefixes in PROJECTS:
        if args.project and name not in args.project:
            continue
        written = extract(args.mirror, out, name, repo, commit, prefixes)
        print(f"{name}: {len(written)} files from {repo} at {commit[:12]}")
        files += written
    list_file = os.path.join(out, "list.txt")
    with open(list_file, "w") as f:
        f.write("".join(os.path.relpath(p, out) + "\n" for p in files))
    if args.extract_only:
        print(f"typescript_corpus: {len(files)} files listed in {list_file}")
        return 0
    command = ["node", COMPARE, "--corpus", list_file, "--root", out, "--strip", args.strip, "--jobs", str(args.jobs)]
    if args.verbose:
        command.append("--verbose")
    if args.no_positions:
        command.append("--no-positions")
    return subprocess.run(command).returncode


if __name__ == "__main__":
    sys.exit(main())
