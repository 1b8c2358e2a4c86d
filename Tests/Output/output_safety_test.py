#!/usr/bin/env python3
"""The output folder under abuse, with the built binary (`--hawser PATH`, default
.build/debug/hawser). Run by scripts/run-tests.sh (so by `make test`); takes seconds.

- kill -9 at random moments (fixed seed) while `hawser build` switches the folder between two
  builds A and B: after each kill the folder holds A's complete output or B's, never a mix; or,
  when the kill fell after the build's commit point (its journal says `commit`), the next build
  finishes it before anything else and then has nothing left to write.
- two builds on one folder cannot interleave: a build waits for the folder's lock, says so, and
  writes nothing while it waits.
- an output path that is a file, a read-only output folder (as another user, and as a read-only
  mount), a full disk (a small tmpfs): a clear diagnostic, exit status 2, the previous output as
  it was, no temporary file or journal left behind.

"Complete" output of a build: the manifest.json of that build, every file it lists with the
bytes a clean build of the same inputs writes, and no other file of either build's manifests
(the lock, journal and temporary files, all hidden `.hawser-*` names, are not output).
"""

import argparse
import fcntl
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HAWSER = os.path.join(REPO, ".build", "debug", "hawser")
SEED = 20261201
KILLS = 24

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL " + message)
    return condition


# -------------------------------------------------------------------------------------------------
# Two builds of one project


SWIFT = ('func install(_ c: WKUserContentController, _ h: H) {\n'
         '    c.add(h, name: "observer")\n'
         '    c.addScriptMessageHandler(h, contentWorld: .page, name: "readFile")\n'
         '    c.add(h, name: "%s")\n}\n')


def state_files(state):
    """The inputs of build A or B: many scripts (so writing takes a while), of which B changes
    some, drops one and adds one, and a handler that differs (so Bridge.swift changes)."""
    files = {"hawser.json": json.dumps({"scripts": ["userscripts"], "swift": ["App"], "output": "out"})}
    names = range(0, 8) if state == "A" else range(1, 9)
    handler = "extraA" if state == "A" else "extraB"
    files["App/App.swift"] = SWIFT % handler
    filler = "// %s\n" % ("x" * 1000)
    for index in names:
        variant = state if index % 3 == 0 else "same"
        body = ('window.webkit.messageHandlers.observer.postMessage({ script: %d, variant: "%s" });\n'
                'window.webkit.messageHandlers.%s.postMessage(%d);\n' % (index, variant, handler, index))
        if index % 5 == 0:
            body += 'const reply = await hawser.call("readFile", { path: "%d.txt" });\n' % index
        files["userscripts/s%02d.js" % index] = body + filler * 2
    return files


def write_state(project, state):
    shutil.rmtree(os.path.join(project, "userscripts"), ignore_errors=True)
    for path, text in state_files(state).items():
        full = os.path.join(project, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)


def hawser(project, *arguments, user=None):
    command = [HAWSER, "build"] + list(arguments)
    if user:
        command = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"] + command
    return subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=120)


def snapshot(folder):
    """Every file below `folder` that is not Hawser's bookkeeping: relative path -> bytes."""
    result = {}
    for root, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            relative = os.path.relpath(path, folder)
            if name.startswith(".hawser-") or name.endswith(".hawser-tmp"):
                continue
            with open(path, "rb") as f:
                result[relative] = f.read()
    return result


def bookkeeping(folder):
    """The hidden files Hawser leaves only while (or when killed while) it writes."""
    found = []
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if name.startswith(".hawser-") or name.endswith(".hawser-tmp"):
                found.append(os.path.relpath(os.path.join(root, name), folder))
    return sorted(found)


def reference(state, work):
    """The complete output of a clean build of `state`."""
    project = os.path.join(work, "reference-" + state)
    write_state(project, state)
    run = hawser(project)
    if run.returncode != 0:
        raise SystemExit("the reference build %s failed:\n%s%s" % (state, run.stdout, run.stderr))
    return snapshot(os.path.join(project, "out"))


def which_complete(folder, references):
    """'A' or 'B' when the folder holds that build's complete output, else None."""
    files = snapshot(folder)
    for state, expected in references.items():
        if files == expected:
            return state
    return None


def journal_state(folder):
    try:
        with open(os.path.join(folder, ".hawser-journal.json"), encoding="utf-8") as f:
            return json.load(f)["state"]
    except FileNotFoundError:
        return None


def describe_mix(folder, references):
    files = snapshot(folder)
    lines = []
    for state, expected in references.items():
        differing = sorted(p for p in set(files) | set(expected) if files.get(p) != expected.get(p))
        lines.append("  differs from %s in %d files: %s" % (state, len(differing), ", ".join(differing[:6])))
    return "\n".join(lines)


# -------------------------------------------------------------------------------------------------
# The tests


def test_kill_at_random_moments(work, references):
    project, out = built_project(work, "killed")
    # How long an uninterrupted build takes here, and its writing (from the journal's appearance
    # to the end): the kills fall anywhere in the one, or anywhere in the other.
    started = time.monotonic()
    process = subprocess.Popen([HAWSER, "build"], cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while process.poll() is None and journal_state(out) is None:
        pass
    writing_started = time.monotonic()
    check(process.wait() == 0, "a build of B")
    duration = time.monotonic() - started
    writing = time.monotonic() - writing_started
    current = "B"
    rng = random.Random(SEED)
    outcomes = {"before any write": 0, "prepared, not committed": 0, "committed, finished by the next build": 0,
                "done": 0}
    for iteration in range(KILLS):
        target = "A" if current == "B" else "B"
        write_state(project, target)
        process = subprocess.Popen([HAWSER, "build"], cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if iteration % 2 == 0:
            # Anywhere in the run.
            time.sleep(rng.uniform(0, duration * 1.1))
        else:
            # Inside the write: once the journal exists, after a random part of the writing.
            while process.poll() is None and journal_state(out) is None:
                pass
            time.sleep(rng.uniform(0, writing * 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait()
        journal = journal_state(out)
        holds = which_complete(out, references)
        what = "kill %d (building %s over %s, journal %s)" % (iteration, target, current, journal)
        if journal == "commit":
            outcomes["committed, finished by the next build"] += 1
            run = hawser(project)
            check(run.returncode == 0, what + ": the next build succeeds: " + run.stderr)
            check("finished writing the output of an interrupted build" in run.stderr,
                  what + ": the next build says it finished the interrupted one: " + run.stderr)
            check("0 added, 0 updated, 0 deleted" in run.stderr,
                  what + ": finishing the interrupted build left nothing to write: " + run.stderr)
            holds = which_complete(out, references)
            check(holds == target, what + ": after finishing, the folder holds %s's complete output\n%s"
                  % (target, describe_mix(out, references)))
        else:
            if not check(holds in ("A", "B"), what + ": the folder holds A's or B's complete output\n"
                         + describe_mix(out, references)):
                break
            if journal == "prepare":
                outcomes["prepared, not committed"] += 1
                check(holds == current, what + ": before the commit point the previous output stays")
            elif holds == current and current != target:
                outcomes["before any write"] += 1
                # A kill while the journal itself was being written leaves its temporary file;
                # the next build's recovery removes it (the last check below sees that).
                stale = [p for p in bookkeeping(out) if p not in (".hawser-lock", ".hawser-journal.json.hawser-tmp")]
                check(stale == [], what + ": nothing but a stale lock or journal draft is left: %s" % bookkeeping(out))
            else:
                outcomes["done"] += 1
        current = holds if holds else current
    # Whatever the last kill left, a build then leaves B's complete output and no bookkeeping.
    write_state(project, "B")
    run = hawser(project)
    check(run.returncode == 0 and which_complete(out, references) == "B" and bookkeeping(out) == [],
          "a last build leaves B's complete output and no bookkeeping files: %s %s" % (run.stderr, bookkeeping(out)))
    print("kill -9 at %d moments (seed %d, build %.0f ms, of which writing %.1f ms): %s" % (
        KILLS, SEED, duration * 1000, writing * 1000, ", ".join("%s %d" % item for item in outcomes.items())))


def test_two_builds_do_not_interleave(work, references):
    project, out = built_project(work, "locked")
    # Another build holds the folder's lock (the same flock a build takes).
    holder = open(os.path.join(out, ".hawser-lock"), "w")
    fcntl.flock(holder, fcntl.LOCK_EX)
    holder.write("4242\n")
    holder.flush()
    process = subprocess.Popen([HAWSER, "build"], cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    check(line == "hawser: out is being written by another hawser build (pid 4242); waiting for it to finish\n",
          "the waiting build says why it waits: %r" % line)
    check(process.poll() is None, "the second build waits while the lock is held")
    check(which_complete(out, references) == "A" and journal_state(out) is None,
          "the waiting build has written nothing")
    fcntl.flock(holder, fcntl.LOCK_UN)
    holder.close()
    rest = process.stderr.read()
    check(process.wait(timeout=60) == 0, "the second build succeeds once the lock is free: " + rest)
    check(which_complete(out, references) == "B", "it then writes B's complete output")
    check(bookkeeping(out) == [], "and removes the lock file: %s" % bookkeeping(out))
    # Two real builds started together both succeed, one after the other.
    write_state(project, "A")
    both = [subprocess.Popen([HAWSER, "build"], cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    errors = [p.communicate(timeout=60)[1] for p in both]
    check(all(p.returncode == 0 for p in both), "two builds at once both succeed: %s" % errors)
    check(which_complete(out, references) == "A" and bookkeeping(out) == [], "two builds at once leave A's complete output")


def expect_failure(run, needle, what):
    check(run.returncode == 2, "%s: exit status 2 (got %d): %s" % (what, run.returncode, run.stderr))
    check(needle in run.stderr, "%s: the diagnostic says %r: %r" % (what, needle, run.stderr))
    # A user who cannot write the output folder often cannot write the fact cache beside it
    # either: that is a note, and the run goes on uncached.
    lines = [line for line in run.stderr.splitlines(keepends=True) if not line.startswith("hawser: note: ")]
    check("".join(lines).startswith("hawser: error: "), "%s: one clear error line: %r" % (what, run.stderr))


def test_output_path_is_a_file(work, references):
    project = os.path.join(work, "file")
    write_state(project, "A")
    with open(os.path.join(project, "out"), "w") as f:
        f.write("not a folder\n")
    expect_failure(hawser(project), "the output folder 'out' is a file, not a folder", "an output path that is a file")
    with open(os.path.join(project, "out")) as f:
        check(f.read() == "not a folder\n", "the file is left as it was")
    expect_failure(hawser(project, "--output", "out/Generated"), "'out' is a file", "an output folder below a file")
    check(hawser(project, "--check").returncode == 2, "--check on an output path that is a file exits 2")


def built_project(work, name):
    project = os.path.join(work, name)
    write_state(project, "A")
    check(hawser(project).returncode == 0, name + ": the first build of A")
    write_state(project, "B")
    return project, os.path.join(project, "out")


def test_read_only_output_folder(work, references):
    # Tests run as root, whom permissions do not stop: the build runs as nobody instead.
    project, out = built_project(work, "read-only-user")
    os.chmod(work, 0o755)
    for root, dirs, files in os.walk(project):
        for name in dirs:
            os.chmod(os.path.join(root, name), 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    if shutil.which("setpriv") and os.geteuid() == 0:
        run = hawser(project, user=65534)
        expect_failure(run, "cannot write to the output folder 'out': Permission denied", "a read-only output folder (nobody)")
        check(which_complete(out, references) == "A" and bookkeeping(out) == [], "the read-only folder keeps A's output")
    else:
        print("skip: a read-only output folder as another user needs root and setpriv")
    # A read-only mount stops root too.
    project, out = built_project(work, "read-only-mount")
    if mount(["--bind", out, out]) and mount(["-o", "remount,ro,bind", out]):
        try:
            expect_failure(hawser(project), "Read-only file system", "a read-only mount")
            check(which_complete(out, references) == "A", "the read-only mount keeps A's output")
        finally:
            unmount(out)
        check(bookkeeping(out) == [], "no bookkeeping file under the read-only mount")
    else:
        print("skip: a read-only bind mount is not possible here (not root, or no mount permission)")


def test_full_disk(work, references):
    project = os.path.join(work, "full")
    out = os.path.join(project, "out")
    write_state(project, "A")
    os.makedirs(out)
    if not mount(["-t", "tmpfs", "-o", "size=4m", "tmpfs", out]):
        print("skip: a full disk needs a tmpfs mount (not root, or no mount permission)")
        return
    try:
        check(hawser(project).returncode == 0, "the first build of A on the small tmpfs")
        # Fill what is left, so the next build's files do not fit.
        with open(os.path.join(out, "filler"), "wb") as f:
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError:
                pass
        write_state(project, "B")
        run = hawser(project)
        expect_failure(run, "No space left on device", "a full disk")
        check("nothing was changed in out" in run.stderr, "a full disk: says the folder was not changed: " + run.stderr)
        files = snapshot(out)
        del files["filler"]
        check(files == references["A"], "the full disk keeps A's complete output")
        check(bookkeeping(out) == [], "no temporary file or journal is left on the full disk: %s" % bookkeeping(out))
        os.remove(os.path.join(out, "filler"))
        run = hawser(project)
        check(run.returncode == 0 and which_complete(out, references) == "B", "with space again, B builds: " + run.stderr)
    finally:
        unmount(out)


def mount(arguments):
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return subprocess.run(["mount"] + arguments, capture_output=True).returncode == 0


def unmount(path):
    subprocess.run(["umount", path], capture_output=True)


def main():
    global HAWSER
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hawser", default=HAWSER, help="the hawser binary (default: %(default)s)")
    args = parser.parse_args()
    HAWSER = os.path.abspath(args.hawser)
    if not os.access(HAWSER, os.X_OK):
        raise SystemExit("%s is missing; run `swift build` first" % HAWSER)
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="hawser-output-safety-")
    try:
        references = {"A": reference("A", work), "B": reference("B", work)}
        for test in (test_kill_at_random_moments, test_two_builds_do_not_interleave, test_output_path_is_a_file,
                     test_read_only_output_folder, test_full_disk):
            before = len(FAILURES)
            test(work, references)
            print("%s %s" % ("ok  " if len(FAILURES) == before else "FAIL", test.__name__))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("output-safety: %d failures in %.1f s" % (len(FAILURES), time.monotonic() - started))
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
