#!/usr/bin/env python3
"""Fails when a file of HawserCore names a type declared in a later stage.

The stages, earliest first, are the folders of Sources/HawserCore
(Documentation/architecture.md draws them). A file may name types of its own stage and of
earlier ones; front ends may not name each other's types. The check reads type names, not members: it strips comments and string
literals, collects the top-level types (and extensions' nested types) each folder declares,
and looks up every capitalised identifier of every file.

Usage: scripts/check-stages.py [Sources/HawserCore]   (exit 1 and one line per use otherwise)
"""
import os
import re
import sys

# Folder (relative to Sources/HawserCore) -> rank. Files directly in the root are the
# pipeline, the last stage. Folders of equal rank may not use each other either.
STAGES = [
    ("Model", 0),
    ("FrontEnds/JavaScript", 1),
    ("FrontEnds/TypeScript", 1),
    ("FrontEnds/HTML", 1),
    ("FrontEnds/Swift", 1),
    ("FrontEnds/ObjC", 1),
    ("Modules", 2),
    ("Analysis", 3),
    ("Compile", 4),
    ("Generate", 5),
    ("Reporters", 5),
    ("Adoption", 6),
]
PIPELINE_RANK = 9

DECLARATION = re.compile(r"^(?:[ \t]*)(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*"
                         r"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)
IDENTIFIER = re.compile(r"\b[A-Z]\w*\b")


def stage_of(relative):
    for folder, rank in STAGES:
        if relative.startswith(folder + "/"):
            return folder, rank
    if "/" not in relative:
        return "Pipeline", PIPELINE_RANK
    return None, None


def strip(text):
    """Removes comments and string literals (all Swift forms, roughly), keeping line count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                    if depth == 0:
                        break
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "#" or c == '"':
            m = re.compile(r'(#*)("""|")').match(text, i)
            if not m or (c == "#" and not m.group(1)):
                out.append(c)
                i += 1
                continue
            hashes, quote = m.group(1), m.group(2)
            close = quote + hashes
            j = m.end()
            while j < n:
                if not hashes and text[j] == "\\":
                    if text.startswith("\\(", j):
                        # Interpolation: keep the code inside, balanced parentheses.
                        depth, k = 1, j + 2
                        while k < n and depth:
                            depth += {"(": 1, ")": -1}.get(text[k], 0)
                            k += 1
                        out.append(" " + text[j + 2:k - 1] + " ")
                        j = k
                        continue
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                j += 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "Sources/HawserCore"
    files = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                files.append((os.path.relpath(path, root), path))
    files.sort()

    problems = []
    declared = {}  # type name -> folder
    texts = {}
    for relative, path in files:
        folder, rank = stage_of(relative)
        if folder is None:
            problems.append(f"{path}: in no stage folder (see Documentation/architecture.md)")
            continue
        with open(path, encoding="utf-8") as handle:
            text = strip(handle.read())
        texts[relative] = (folder, rank, text)
        for match in DECLARATION.finditer(text):
            # Only top-level declarations name a type other files see unqualified.
            if match.group(0)[:1] in " \t":
                continue
            name = match.group(1)
            if name in declared and declared[name] != folder:
                problems.append(f"{path}: type {name} is also declared in {declared[name]}/")
            declared.setdefault(name, folder)

    ranks = dict(STAGES)
    ranks["Pipeline"] = PIPELINE_RANK
    for relative, (folder, rank, text) in sorted(texts.items()):
        reported = set()
        for number, line in enumerate(text.split("\n"), start=1):
            for name in IDENTIFIER.findall(line):
                owner = declared.get(name)
                if owner is None or owner == folder or name in reported:
                    continue
                if ranks[owner] >= rank:
                    reported.add(name)
                    problems.append(
                        f"{os.path.join(root, relative)}:{number}: {folder}/ uses {name} from {owner}/, "
                        f"a {'later' if ranks[owner] > rank else 'sibling'} stage")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-stages: {len(problems)} problem(s); the stages are in Documentation/architecture.md", file=sys.stderr)
        return 1
    print(f"check-stages: {len(texts)} files, {len(declared)} types, no use of a later stage")
    return 0


if __name__ == "__main__":
    sys.exit(main())
