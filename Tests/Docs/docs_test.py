#!/usr/bin/env python3
"""The documentation says everything the code defines, and its links lead somewhere.

The truth comes from the sources, never from a list kept here:

- every diagnostic code: the raw values of `DiagnosticCode` (Sources/HawserCore/Model), and
  the codes the CLI prints itself (`… [output-conflict]` in Sources/hawser). Each has a
  section in Documentation/diagnostics.md whose heading is exactly the code in backticks
  (### `syntax-error`), and diagnostics.md has no such section for a code that does not exist;
- every key of hawser.json: the top-level keys `HawserConfig.parse` reads
  (Sources/HawserCore/Model/HawserConfig.swift), and the fields of `handlers.<name>` and
  `runtime` that its reader reads. Each is in backticks in Documentation/configuration.md
  (`scripts`, `handlers.<name>.kind`, `runtime.global`);
- every command and every option: the commands of `CommandName` (Sources/hawser/Option.swift)
  and `hawser help` (HelpText.swift), and each `Option` of `Option.table` with the commands
  that accept it. Each command has a section `### \\`hawser NAME\\`` in
  Documentation/commands.md that names each of its options in backticks, and each option that
  takes a value appears with it (`--output DIR`) somewhere in commands.md; the README names
  every command;
- every relative link of README.md and Documentation/*.md leads to a file that exists, and
  every #fragment to a heading of its target (GitHub's slugs);
- every page of Documentation/ is linked from the README, README.md has at most 600 lines, and
  the Package.swift block that Tests/Plugin/consumer-test.sh copies is where it looks for it.

Prints one line when all is well; otherwise lists every problem and exits 1.
"""
import os
import re
import sys
from urllib.parse import unquote

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOCS = os.path.join(ROOT, "Documentation")
README_LIMIT = 600
problems = []


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def rel(path):
    return os.path.relpath(path, ROOT)


# MARK: - Markdown

def outside_fences(text):
    """The lines of `text` that are not inside a fenced code block, with their line numbers."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * len(marker.group(1))
                continue
            if stripped.startswith(fence) and stripped.strip(fence[0]).strip() == "":
                fence = None
                continue
        if fence is None:
            yield number, line


def headings(text):
    """(level, text) of every ATX heading outside code blocks."""
    result = []
    for _, line in outside_fences(text):
        match = re.match(r" {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$", line)
        if match:
            result.append((len(match.group(1)), match.group(2)))
    return result


def slug_base(heading):
    """GitHub's anchor for a heading's text: inline markup dropped, lower case, every character
    that is not a letter, digit, space, `-` or `_` removed, each space a `-`."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = text.replace("`", "")
    text = text.lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def slugs(text):
    """Every anchor of a page, duplicates numbered -1, -2, … as GitHub numbers them."""
    seen = {}
    result = set()
    for _, heading in headings(text):
        base = slug_base(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def links(text):
    """(line number, target) of every inline link outside code blocks and code spans."""
    for number, line in outside_fences(text):
        line = re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)  # code spans are not markup
        for match in re.finditer(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)", line):
            yield number, match.group(1)


def section(text, heading_line):
    """The text from the heading `heading_line` (exact) up to the next heading of its level or
    higher, or None."""
    lines = text.split("\n")
    level = len(heading_line) - len(heading_line.lstrip("#"))
    fenced = {n for n, _ in outside_fences(text)}
    for index, line in enumerate(lines):
        if line.rstrip() == heading_line and index + 1 in fenced:
            end = len(lines)
            for later in range(index + 1, len(lines)):
                match = re.match(r"(#{1,6}) ", lines[later])
                if match and later + 1 in fenced and len(match.group(1)) <= level:
                    end = later
                    break
            return "\n".join(lines[index:end])
    return None


def in_backticks(text, word):
    """Whether `word` appears inside a code span of `text`, outside code blocks (as itself, not
    as part of a longer name: `--output` does not count for `--out`)."""
    prose = "\n".join(line for _, line in outside_fences(text))
    for span in re.findall(r"(`+)((?:(?!\1).)+?)\1", prose, re.S):
        if re.search(r"(?<![\w.<>-])" + re.escape(word) + r"(?![\w-])", span[1]):
            return True
    return False


# MARK: - The truth, from the sources

def swift_function_body(source, name):
    """The text of `func name(` up to the next declaration at its indentation."""
    match = re.search(r"\n([ \t]*)(?:[\w@]+\s+)*func " + re.escape(name) + r"\(", source)
    if not match:
        return None
    indent = match.group(1)
    end = re.compile(r"\n" + re.escape(indent) + r"(?:[\w@]+\s+)*(?:func|var|let|init|static|case|struct|enum|extension)\b|\n\}")
    rest = source[match.end():]
    stop = end.search(rest)
    return rest[: stop.start()] if stop else rest


def swift_string_array(source, name):
    match = re.search(r"\b(?:static\s+)?let\s+" + re.escape(name) + r"\s*(?::[^=]*)?=\s*\[([^\]]*)\]", source)
    return re.findall(r'"([^"]*)"', match.group(1)) if match else None


def diagnostic_codes():
    source = read("Sources", "HawserCore", "Model", "DiagnosticCode.swift")
    codes = re.findall(r'^\s*case\s+\w+\s*=\s*"([a-z0-9-]+)"', source, re.M)
    if not codes:
        problems.append("Sources/HawserCore/Model/DiagnosticCode.swift: no `case x = \"code\"` found; the docs test needs updating")
    cli = set()
    folder = os.path.join(ROOT, "Sources", "hawser")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".swift"):
            text = read("Sources", "hawser", name)
            cli.update(re.findall(r"(?:error|warning): [^\"\n]*\[([a-z0-9]+(?:-[a-z0-9]+)+)\]", text))
    return codes + sorted(cli - set(codes))


def config_keys():
    path = ("Sources", "HawserCore", "Model", "HawserConfig.swift")
    source = read(*path)
    adoption = read("Sources", "HawserCore", "Model", "HawserConfig+Adoption.swift")
    keys = set()
    parse = swift_function_body(source, "parse")
    top = set(re.findall(r'case\s+"(\w+)"\s*:', parse or ""))
    declared = set((swift_string_array(source, "keys") or []) + (swift_string_array(adoption, "adoptionKeys") or []))
    if not top:
        problems.append(f"{'/'.join(path)}: no top-level key found in HawserConfig.parse; the docs test needs updating")
    for key in sorted(top ^ declared):
        problems.append(f"{'/'.join(path)}: '{key}' is read by parse but not in keys/adoptionKeys, or the reverse")
    keys.update(top | declared)
    for function, prefix in (("handlers", "handlers.<name>."), ("runtime", "runtime.")):
        body = swift_function_body(source, function)
        fields = set(re.findall(r'case\s+"(\w+)"\s*:', body or ""))
        if not fields:
            problems.append(f"{'/'.join(path)}: no field found in ConfigReader.{function}; the docs test needs updating")
        keys.update(prefix + field for field in fields)
    return sorted(keys)


def commands_and_options():
    source = read("Sources", "hawser", "Option.swift")
    help_text = read("Sources", "hawser", "HelpText.swift")
    enum = re.search(r"enum CommandName\b[^{]*\{\s*case ([^\n]*)", source)
    all_commands = [c.strip().strip("`") for c in enum.group(1).split(",")] if enum else []
    if not all_commands:
        problems.append("Sources/hawser/Option.swift: no `enum CommandName` cases found; the docs test needs updating")
    # `hawser help` is written by HelpText, not declared as a CommandName.
    extra = re.findall(r'\("(\w+)", "[^"]*"\)', help_text)
    commands = [c for c in all_commands if c != "hawser"] + [c for c in extra if c not in all_commands]
    sets = {"Set(CommandName.allCases)": set(all_commands)}
    for name, members in re.findall(r"static let (\w+): Set<CommandName> = \[([^\]]*)\]", source):
        sets[name] = {m.strip().lstrip(".").strip("`") for m in members.split(",") if m.strip()}
    options = []  # (name, short name, value name, commands)
    for match in re.finditer(r"static let \w+ = Option\((.*?)\bfor:\s*(Set\([\w.]*\)|\[[^\]]*\]|\w+)\s*\)", source, re.S):
        body, target = match.group(1), match.group(2)
        name = re.match(r'\s*"(--[\w-]+)"', body)
        short = re.search(r'short:\s*"(-\w)"', body)
        value = re.search(r'value:\s*"(\w+)"', body)
        if target in sets:
            accepted = sets[target]
        elif target.startswith("["):
            accepted = {m.strip().lstrip(".").strip("`") for m in target.strip("[]").split(",") if m.strip()}
        else:
            problems.append(f"Sources/hawser/Option.swift: cannot read the commands of {name.group(1) if name else '?'} ({target}); the docs test needs updating")
            accepted = set()
        options.append((name.group(1), short.group(1) if short else None, value.group(1) if value else None, accepted))
    if not options:
        problems.append("Sources/hawser/Option.swift: no `Option(…)` found; the docs test needs updating")
    return commands, options


# MARK: - The checks

def check_codes(codes, diagnostics):
    documented = {h for level, h in headings(diagnostics) if level == 3 and re.fullmatch(r"`[a-z0-9-]+`", h)}
    for code in codes:
        if f"`{code}`" not in documented:
            problems.append(f"Documentation/diagnostics.md: no section '### `{code}`' for the diagnostic code {code}")
    for heading in sorted(documented - {f"`{c}`" for c in codes}):
        problems.append(f"Documentation/diagnostics.md: section '### {heading}' documents a code the sources do not define")


def check_keys(keys, configuration):
    for key in keys:
        if not in_backticks(configuration, key):
            problems.append(f"Documentation/configuration.md: the hawser.json key `{key}` is not documented (in backticks)")


def check_commands(commands, options, page, readme):
    for command in commands:
        heading = f"### `hawser {command}`"
        body = section(page, heading)
        if body is None:
            problems.append(f"Documentation/commands.md: no section '{heading}'")
            continue
        if not in_backticks(readme, f"hawser {command}") and not in_backticks(readme, command):
            problems.append(f"README.md: the command `hawser {command}` is not named")
        for name, short, _, commands_of in options:
            # `hawser --help` and `hawser --version` belong to `hawser help`'s section.
            owners = {("help" if c == "hawser" else c) for c in commands_of}
            if command not in owners:
                continue
            for flag in filter(None, (name, short)):
                if not in_backticks(body, flag):
                    problems.append(f"Documentation/commands.md: '{heading}' does not name its option `{flag}`")
    for name, _, value, commands_of in options:
        if value and not in_backticks(page, f"{name} {value}"):
            problems.append(f"Documentation/commands.md: `{name} {value}` ({', '.join(sorted(commands_of))}) is not shown with its value")


def check_links(files):
    count = 0
    cache = {}
    for path in files:
        text = open(path, encoding="utf-8").read()
        for number, target in links(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
                continue  # http:, https:, mailto:
            count += 1
            where = f"{rel(path)}:{number}"
            file_part, _, fragment = target.partition("#")
            destination = os.path.normpath(os.path.join(os.path.dirname(path), unquote(file_part))) if file_part else path
            if not os.path.exists(destination):
                problems.append(f"{where}: link '{target}': {rel(destination)} does not exist")
                continue
            if not fragment:
                continue
            if not destination.endswith(".md") or os.path.isdir(destination):
                problems.append(f"{where}: link '{target}': a #fragment into a file that is not Markdown")
                continue
            if destination not in cache:
                cache[destination] = slugs(open(destination, encoding="utf-8").read())
            if unquote(fragment) not in cache[destination]:
                problems.append(f"{where}: link '{target}': {rel(destination)} has no heading with the anchor #{fragment}")
    return count


def check_readme(readme, pages):
    length = len(readme.split("\n")) - (1 if readme.endswith("\n") else 0)
    if length > README_LIMIT:
        problems.append(f"README.md: {length} lines, more than {README_LIMIT}")
    linked = {os.path.normpath(os.path.join(ROOT, t.partition("#")[0])) for _, t in links(readme) if t.partition("#")[0]}
    for page in pages:
        if page not in linked:
            problems.append(f"README.md: no link to {rel(page)}")
    return length


def check_consumer_block(page):
    """Tests/Plugin/consumer-test.sh copies the ```swift block under '## Add Hawser to your
    package' of build-integration.md into a Package.swift."""
    parts = page.split("\n## Add Hawser to your package\n", 1)
    block = re.search(r"```swift\n(.*?)```", parts[1].split("\n## ", 1)[0], re.S) if len(parts) == 2 else None
    if not block or '.package(path: "../hawser")' not in block.group(1):
        problems.append("Documentation/build-integration.md: no ```swift block depending on .package(path: \"../hawser\") "
                        "under '## Add Hawser to your package' (Tests/Plugin/consumer-test.sh copies it)")


def main():
    pages = sorted(os.path.join(DOCS, name) for name in os.listdir(DOCS) if name.endswith(".md"))
    readme = read("README.md")
    codes = diagnostic_codes()
    keys = config_keys()
    commands, options = commands_and_options()
    check_codes(codes, read("Documentation", "diagnostics.md"))
    check_keys(keys, read("Documentation", "configuration.md"))
    check_commands(commands, options, read("Documentation", "commands.md"), readme)
    link_count = check_links([os.path.join(ROOT, "README.md")] + pages)
    length = check_readme(readme, [p for p in pages])
    check_consumer_block(read("Documentation", "build-integration.md"))
    if problems:
        print(f"docs: {len(problems)} problem(s):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        sys.exit(1)
    pairs = sum(len(c) for _, _, _, c in options)
    print(f"docs: {len(codes)} codes, {len(keys)} keys, {len(commands)} commands, {len(options)} options "
          f"({pairs} command-option pairs), {link_count} links ok; README {length} lines")


if __name__ == "__main__":
    main()
