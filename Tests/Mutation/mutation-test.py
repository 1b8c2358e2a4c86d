#!/usr/bin/env python3
"""The mutation test of `make test`: thousands of mutated fixture inputs from a fixed seed, run
through the built binary. Every run must end with exit status 0 or 1 (never a signal, never 2:
only scripts, pages, native sources and schemas are mutated, so there is no usage problem),
within a time bound, and print valid UTF-8 without raw control characters (JSON output must
parse).

To keep the process count low, inputs are batched: each project holds BATCH mutated copies of
fixture cases side by side (`userscripts/<n>/…`, `Sources/<n>/…`), and is linted and built. A
batch that fails is rerun one input at a time to name the input that fails, which is kept in
.build/mutation/ with the command to rerun it.

Mutations stay small (at most a few hundred bytes duplicated), so they never build nesting
thousands deep: deep nesting is tested on its own, by the JavaScript and Swift front ends' tests.

  Tests/Mutation/mutation-test.py [--hawser PATH] [--inputs N] [--seed S] [--batch B]
"""
import argparse, json, os, random, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
SCRIPT_EXTENSIONS = (".js", ".css", ".html", ".htm")
NATIVE_EXTENSIONS = (".swift", ".m", ".mm", ".h")
# Bytes and fragments that matter to the front ends: delimiters, comment and string openers,
# metadata lines, line breaks of every kind, a BOM, NUL, bytes that are not UTF-8.
TOKENS = [b"(", b")", b"{", b"}", b"[", b"]", b'"', b"'", b"`", b"${", b"\\", b"/*", b"*/", b"//", b"<!--", b"-->",
          b"<script>", b"</script>", b"<", b">", b"=", b"\"\"\"", b"#\"", b"\\(", b"@\"", b"#if", b"#endif",
          b"// ==UserScript==\n", b"// ==/UserScript==\n", b"// @name x\n", b"// @require a\n", b"// @match *://*/*\n",
          b"\n", b"\r", b"\r\n", b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80",
          b"webkit.messageHandlers.", b".postMessage(", b"hawser-ignore: ", b"name: \"", b"add(", b"{\"type\": ",
          b"\"properties\": {", b"\"enum\": [", b"null", b"1e999", b"-0", b"\\u0000"]


def fixture_cases():
    """Every fixture case folder with at least one input file, sorted."""
    cases = []
    for suite in sorted(os.listdir(FIXTURES)):
        for case in sorted(os.listdir(os.path.join(FIXTURES, suite))):
            folder = os.path.join(FIXTURES, suite, case)
            files = []
            for dirpath, dirnames, filenames in os.walk(folder):
                dirnames[:] = sorted(d for d in dirnames if d not in ("expected", "goldens", "output"))
                for name in sorted(filenames):
                    path = os.path.relpath(os.path.join(dirpath, name), folder)
                    if name.endswith(SCRIPT_EXTENSIONS + NATIVE_EXTENSIONS) or (name.endswith(".json") and os.path.basename(dirpath) == "schemas"):
                        files.append(path)
            if files:
                cases.append((folder, files))
    return cases


def mutate(data, rng, donors):
    """One to four small edits of `data`."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(8)
        at = rng.randint(0, len(data))
        if kind == 0 and data:  # flip bits of one byte
            i = rng.randrange(len(data)); data[i] ^= 1 << rng.randrange(8)
        elif kind == 1:  # insert a random byte
            data[at:at] = bytes([rng.randrange(256)])
        elif kind == 2:  # insert a token
            data[at:at] = rng.choice(TOKENS)
        elif kind == 3 and data:  # delete a range
            data[at:at + rng.randint(1, 32)] = b""
        elif kind == 4 and data:  # duplicate a range a few times
            start = rng.randrange(len(data)); chunk = data[start:start + rng.randint(1, 64)]
            data[at:at] = chunk * rng.randint(1, 8)
        elif kind == 5:  # splice in a piece of another fixture file
            donor = rng.choice(donors)
            if donor:
                start = rng.randrange(len(donor)); data[at:at] = donor[start:start + rng.randint(1, 200)]
        elif kind == 6:  # truncate
            del data[at:]
        else:  # replace a byte with a token's first byte
            if data:
                data[rng.randrange(len(data))] = rng.choice(TOKENS)[0]
    return bytes(data)


def lay_out(project, index, folder, files, rng, donors):
    """Copies one case into the project as input `index`, mutating one or more of its files."""
    chosen = set(rng.sample(files, k=min(len(files), rng.randint(1, 2))))
    for path in files:
        with open(os.path.join(folder, path), "rb") as f:
            data = f.read()
        if path in chosen:
            data = mutate(data, rng, donors)
        base = "Sources" if path.endswith(NATIVE_EXTENSIONS) else "userscripts"
        target = os.path.join(project, base, str(index), path.replace("userscripts/", "", 1))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)


def check_output(text, what, fmt):
    """Valid UTF-8, no raw control characters; JSON output parses."""
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"{what} is not valid UTF-8: {error}"
    bad = [c for c in decoded if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F]
    if bad and fmt != "json-raw":
        return f"{what} holds raw control characters {[hex(ord(c)) for c in bad[:5]]}"
    if fmt == "json":
        try:
            json.loads(decoded)
        except ValueError as error:
            return f"{what} is not JSON: {error}"
    return None


def run_project(hawser, project, fmt, bound):
    """Lints (in `fmt`) and builds the project; returns a problem, or None."""
    for arguments in (["lint", "--scripts", "userscripts", "--swift", "Sources", "--format", fmt],
                      ["build", "--scripts", "userscripts", "--swift", "Sources", "--output", "out"]):
        os.makedirs(os.path.join(project, "Sources"), exist_ok=True)
        os.makedirs(os.path.join(project, "userscripts"), exist_ok=True)
        try:
            result = subprocess.run([hawser] + arguments, cwd=project, capture_output=True, timeout=bound, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return f"`hawser {' '.join(arguments)}` ran longer than {bound} s"
        if result.returncode < 0:
            return f"`hawser {' '.join(arguments)}` ended with signal {-result.returncode}: {result.stderr.decode('utf-8', 'replace')[-2000:]}"
        if result.returncode not in (0, 1):
            return f"`hawser {' '.join(arguments)}` exited {result.returncode}: {result.stderr.decode('utf-8', 'replace')[-500:]}"
        for stream, name in ((result.stdout, "stdout"), (result.stderr, "stderr")):
            problem = check_output(stream, f"`hawser {' '.join(arguments)}` {name}", fmt if name == "stdout" and arguments[0] == "lint" else "text")
            if problem:
                return problem
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hawser", default=os.path.join(ROOT, ".build", "debug", "hawser"))
    parser.add_argument("--inputs", type=int, default=int(os.environ.get("MUTATION_INPUTS", "2000")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("MUTATION_SEED", "20261201")))
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--bound", type=float, default=1.0, help="seconds allowed per input in a batch (at least 30 a run)")
    args = parser.parse_args()
    hawser = os.path.abspath(args.hawser)
    rng = random.Random(args.seed)
    cases = fixture_cases()
    donors = []
    for folder, files in cases:
        for path in files:
            with open(os.path.join(folder, path), "rb") as f:
                donors.append(f.read())
    keep = os.path.join(ROOT, ".build", "mutation")
    shutil.rmtree(keep, ignore_errors=True)
    formats = ["text", "json", "sarif", "github"]
    start = time.time()
    failures = []
    runs = 0
    with tempfile.TemporaryDirectory(prefix="hawser-mutation-") as work:
        for batch_start in range(0, args.inputs, args.batch):
            count = min(args.batch, args.inputs - batch_start)
            # Each input's case and mutations are drawn from its own seeded generator, so that an
            # input rerun alone is the same input.
            inputs = [(batch_start + i, random.Random(f"{args.seed}:{batch_start + i}")) for i in range(count)]
            project = os.path.join(work, f"batch-{batch_start}")
            for index, input_rng in inputs:
                folder, files = input_rng.choice(cases)
                lay_out(project, index, folder, files, input_rng, donors)
            fmt = formats[(batch_start // args.batch) % len(formats)]
            runs += 2
            problem = run_project(hawser, project, fmt, max(30.0, args.bound * count))
            if problem is None:
                shutil.rmtree(project)
                continue
            # Find the inputs that fail on their own.
            for index, _ in inputs:
                alone = os.path.join(keep, f"input-{index}")
                input_rng = random.Random(f"{args.seed}:{index}")
                folder, files = input_rng.choice(cases)
                lay_out(alone, index, folder, files, input_rng, donors)
                runs += 2
                own = run_project(hawser, alone, fmt, max(30.0, args.bound))
                if own:
                    failures.append(f"input {index} (from {os.path.relpath(folder, ROOT)}, kept in {os.path.relpath(alone, ROOT)}): {own}")
                else:
                    shutil.rmtree(alone)
            if not any(f"input {index} " in failure for failure in failures for index, _ in inputs):
                failures.append(f"batch from input {batch_start}: {problem} (no input fails alone)")
            shutil.rmtree(project)
    elapsed = time.time() - start
    print(f"mutation test: {args.inputs} mutated inputs (seed {args.seed}) in {runs} runs of {os.path.relpath(hawser, ROOT)}, {elapsed:.1f} s")
    for failure in failures:
        print("FAILED: " + failure)
    print(f"{args.inputs - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
