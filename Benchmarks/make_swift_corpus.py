#!/usr/bin/env python3
"""Writes a synthetic tree of Swift sources for `make bench`'s Swift line: FILES files in
nested feature folders, deterministic (fixed seed), shaped like an app's code.

Most of each file is ordinary Swift (structs and classes with stored, computed, lazy and
static properties, nested types, enums with raw values, extensions, generics, switch, if and
guard, for loops, closures and trailing closures, string interpolation, dictionaries, doc,
line and block comments, multi-line strings). Around it sit the forms Hawser resolves
handler names through: protocols with many conformers (static and instance requirements,
defaults in protocol extensions, overrides adding `super`'s names), wrappers passing names
through parameters, init chains ending in `super.init(…, handlers: …)`, `Enum.allCases.map`,
`forEach` closures, names built with interpolation, and JavaScript in multi-line literals.

Usage: make_swift_corpus.py FOLDER [FILES]. Prints "<bytes> <lines>" of the Swift written.
At 5,000 files the tree has about a million lines (issue 11's scale)."""
import os
import random
import sys

folder = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 400
rng = random.Random(11)

WORDS = ["reader", "tab", "page", "media", "login", "wallet", "shields", "playlist", "search", "history",
         "bookmark", "download", "focus", "night", "translate", "print", "share", "sync", "vpn", "news",
         "rewards", "cookie", "farbling", "script", "frame", "youtube", "adblock", "password", "form", "meta"]
TYPES = ["String", "Int", "Bool", "Double", "URL", "Date", "[String]", "[String: Int]", "UUID", "Data"]


def cap(word):
    return word[0].upper() + word[1:]


def ident(prefix=""):
    a, b = rng.choice(WORDS), rng.choice(WORDS)
    return (prefix + cap(a) + cap(b)) if prefix else (a + cap(b))


def literal():
    return rng.choice([
        '"%s"' % ident(),
        '"%s-%d"' % (rng.choice(WORDS), rng.randint(0, 999)),
        '"\\(%s).%s"' % (ident(), rng.choice(WORDS)),
        '"Couldn\'t load \\(url.absoluteString): \\(error.localizedDescription)"',
        '#"raw \\d+ \\(x) %s"#' % rng.choice(WORDS),
        '"%s\\n\\t\\u{1F600}"' % rng.choice(WORDS),
    ])


def comment(indent):
    k = rng.randint(0, 3)
    if k == 0:
        return [indent + "// " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9)))]
    if k == 1:
        return [indent + "/// " + cap(" ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 10)))) + ".",
                indent + "/// - Parameter %s: the %s." % (ident(), rng.choice(WORDS))]
    if k == 2:
        return [indent + "/* " + " ".join(rng.choice(WORDS) for _ in range(6)),
                indent + "   " + " ".join(rng.choice(WORDS) for _ in range(6)) + " */"]
    return [indent + "// MARK: - " + cap(rng.choice(WORDS))]


def statement(indent, depth=0):
    """A few lines of function-body code."""
    k = rng.randint(0, 13 if depth < 2 else 7)
    v = ident()
    if k == 0:
        return [indent + "let %s = %s" % (v, literal())]
    if k == 1:
        return [indent + "var %s: %s = %s" % (v, rng.choice(TYPES), rng.choice(['[]', '0', 'nil', '""', '.init()']))]
    if k == 2:
        return [indent + "%s.%s(%s, %s: %d)" % (ident(), ident(), ident(), rng.choice(WORDS), rng.randint(0, 99))]
    if k == 3:
        return [indent + "self.%s = %s?.%s ?? %s" % (ident(), ident(), ident(), literal())]
    if k == 4:
        return [indent + "let %s = %s.filter { $0.%s != nil }.map { $0.%s }.sorted()" % (v, ident(), ident(), ident())]
    if k == 5:
        return [indent + "%s[%s] = %s" % (ident(), literal(), ident())]
    if k == 6:
        return [indent + "print(\"%s: \\(%s) \\(%s.count)\")" % (rng.choice(WORDS), ident(), ident())]
    if k == 7:
        return comment(indent)
    if k == 8:
        body = statement(indent + "  ", depth + 1) + statement(indent + "  ", depth + 1)
        return [indent + "if let %s = %s.%s, !%s.isEmpty {" % (v, ident(), ident(), v)] + body + \
               [indent + "} else {"] + statement(indent + "  ", depth + 1) + [indent + "}"]
    if k == 9:
        return [indent + "guard let %s = %s as? %s else { return }" % (v, ident(), rng.choice(TYPES))] + statement(indent, depth + 1)
    if k == 10:
        return [indent + "for %s in %s where %s.%s {" % (v, ident(), v, ident())] + \
               statement(indent + "  ", depth + 1) + [indent + "}"]
    if k == 11:
        lines = [indent + "switch %s {" % ident()]
        for w in rng.sample(WORDS, 3):
            lines += [indent + "case .%s:" % w] + statement(indent + "  ", depth + 1)
        return lines + [indent + "default:", indent + "  break", indent + "}"]
    if k == 12:
        return [indent + "%s.%s { [weak self] %s, error in" % (ident(), ident(), v),
                indent + "  guard let self else { return }"] + statement(indent + "  ", depth + 1) + \
               [indent + "  self.%s(%s)" % (ident(), v), indent + "}"]
    return [indent + "DispatchQueue.main.async {"] + statement(indent + "  ", depth + 1) + [indent + "}"]


def function(indent, name=None):
    name = name or ident()
    params = ", ".join("%s %s: %s" % (rng.choice(["_", rng.choice(WORDS)]), ident(), rng.choice(TYPES))
                       for _ in range(rng.randint(0, 3)))
    lines = comment(indent) if rng.random() < 0.4 else []
    mods = rng.choice(["", "private ", "@MainActor ", "static ", "override ", "fileprivate "])
    lines.append(indent + "%sfunc %s(%s)%s {" % (mods, name, params, rng.choice(["", " -> Bool", " async throws", " -> [String]"])))
    for _ in range(rng.randint(2, 6)):
        lines += statement(indent + "  ")
    lines.append(indent + "}")
    return lines


def ordinary_type(indent, depth=0):
    name = ident() + rng.choice(["View", "Model", "Manager", "Controller", "Helper", "State", "Store"])
    kind = rng.choice(["struct", "final class", "class", "actor", "enum"])
    lines = [indent + "%s %s%s {" % (kind, name, rng.choice(["", ": Equatable", ": ObservableObject", ": Codable"]))]
    inner = indent + "  "
    if kind == "enum":
        lines[0] = indent + "enum %s: String, CaseIterable {" % name
        for w in rng.sample(WORDS, rng.randint(3, 8)):
            lines.append(inner + ("case %s" % w if rng.random() < 0.6 else 'case %s = "%s_%s"' % (w, w, rng.choice(WORDS))))
        lines += [inner + "var title: String {", inner + "  switch self {"]
        lines += [inner + "  default: return rawValue.capitalized", inner + "  }", inner + "}"]
    else:
        for _ in range(rng.randint(2, 6)):
            k = rng.randint(0, 4)
            if k == 0:
                lines.append(inner + "let %s: %s" % (ident(), rng.choice(TYPES)))
            elif k == 1:
                lines.append(inner + "private var %s = %s" % (ident(), literal()))
            elif k == 2:
                lines.append(inner + "static let %s = %s" % (ident(), literal()))
            elif k == 3:
                lines += [inner + "var %s: %s {" % (ident(), rng.choice(TYPES)), inner + "  %s.%s" % (ident(), ident()), inner + "}"]
            else:
                lines += [inner + "lazy var %s: %s = {" % (ident(), rng.choice(TYPES)), inner + "  %s()" % ident(), inner + "}()"]
        for _ in range(rng.randint(1, 4)):
            lines += function(inner)
        if depth == 0 and rng.random() < 0.3:
            lines += ordinary_type(inner, depth + 1)
    lines.append(indent + "}")
    return lines


def handler_code(n):
    """One of the forms handler names reach `add(_:name:)` through."""
    base = "Feature%d" % n
    k = (n // 3) % 6
    if k == 0:
        # A conformer of the shared protocol, static requirement, name built with interpolation.
        return [
            "final class %sScript: TabContentScript {" % base,
            '  static let scriptName = "%sScript"' % base,
            '  static let scriptId = UUID().uuidString',
            '  static let messageHandlerName = "\\(scriptName)_\\(messageUUID)"',
            '  static let scriptSandbox: WKContentWorld = .page',
            "  var messageNames: [String] { [\"%s_%s\", \"%s_%s\"] }" % tuple(x for w in rng.sample(WORDS, 2) for x in (base.lower(), w)),
            "  func userContentController(_ c: WKUserContentController, didReceiveScriptMessage message: WKScriptMessage, replyHandler: (Any?, String?) -> Void) {",
            '    if message.name == "%s_ping" { replyHandler(nil, nil) }' % base.lower(),
            "  }",
            "}",
        ]
    if k == 1:
        # An enum of names, registered through a wrapper with a parameter.
        cases = rng.sample(WORDS, 4)
        return [
            "enum %sHandlers: String, CaseIterable {" % base,
        ] + ["  case %s" % c for c in cases] + [
            "}",
            "",
            "extension %sController {" % base,
            "  func register%sHandler(_ name: String, in controller: WKUserContentController) {" % base,
            "    controller.add(self, name: name)",
            "  }",
            "",
            "  func install(_ controller: WKUserContentController) {",
            "    %sHandlers.allCases.map(\\.rawValue).forEach { register%sHandler($0, in: controller) }" % (base, base),
            "  }",
            "}",
            "final class %sController: NSObject, WKScriptMessageHandler {" % base,
            "  func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {",
            "    switch message.name {",
        ] + ['    case "%s": break' % c for c in cases[:2]] + [
            "    default: break",
            "    }",
            "  }",
            "}",
        ]
    if k == 2:
        # An init chain: the subclass passes names to the base class's designated init.
        return [
            "final class %sHelper: BaseScriptHelper {" % base,
            "  enum Names: String, CaseIterable { case %s, %s = \"%s_%s\" }" % (rng.choice(WORDS) + "A", rng.choice(WORDS) + "B", base.lower(), rng.choice(WORDS)),
            "  init(webView: WKWebView) {",
            "    super.init(webView: webView, handlers: Names.allCases.map { $0.rawValue })",
            "  }",
            "}",
        ]
    if k == 3:
        # A protocol instance requirement with an override adding super's names.
        return [
            "class %sPageScript: PageScript {" % base,
            '  override var handlerNames: [String] { super.handlerNames + ["%s_extra"] }' % base.lower(),
            "}",
        ]
    if k == 4:
        # JavaScript kept in a Swift multi-line literal, with an interpolated handler name.
        return [
            "enum %sJS {" % base,
            '  static let handler = "%s_bridge"' % base.lower(),
            '  static let source = """',
            "    (function() {",
            "      // %s" % " ".join(rng.choice(WORDS) for _ in range(5)),
            "      window.webkit.messageHandlers.\\(handler).postMessage({ kind: \"%s\" });" % rng.choice(WORDS),
            "    })();",
            '    """',
            "  static func install(in controller: WKUserContentController, handler: WKScriptMessageHandler) {",
            "    controller.add(handler, name: Self.handler)",
            "    controller.addUserScript(WKUserScript(source: source, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page))",
            "  }",
            "}",
        ]
    # A dictionary of names registered in a loop over its keys.
    return [
        "final class %sRouter: NSObject, WKScriptMessageHandler {" % base,
        "  private var messages: [String: (Any) -> Void] = [:]",
        "  func register%sMessage(named name: String, handler: @escaping (Any) -> Void) {" % base,
        "    messages[name] = handler",
        "  }",
        "  func attach(to controller: WKUserContentController) {",
        '    register%sMessage(named: "%s_%s") { _ in }' % (base, base.lower(), rng.choice(WORDS)),
        "    for name in messages.keys {",
        "      controller.add(self, name: name)",
        "    }",
        "  }",
        "  func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {",
        "    messages[message.name]?(message.body)",
        "  }",
        "}",
    ]


SHARED = """import WebKit

/// Scripts injected into every tab; each conformer registers its own handler.
protocol TabContentScript {
  static var scriptName: String { get }
  static var messageHandlerName: String { get }
  static var scriptSandbox: WKContentWorld { get }
  var messageNames: [String] { get }
}

extension TabContentScript {
  var messageNames: [String] { [] }
}

let messageUUID = UUID().uuidString

class PageScript {
  var handlerNames: [String] { ["page_base"] }
}

class BaseScriptHelper: NSObject, WKScriptMessageHandler {
  init(webView: WKWebView, handlers: [String]?) {
    super.init()
    handlers?.forEach { webView.configuration.userContentController.add(self, name: $0) }
  }

  func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {}
}

func installScript(_ script: TabContentScript, in controller: WKUserContentController, handler: WKScriptMessageHandlerWithReply & WKScriptMessageHandler) {
  controller.addScriptMessageHandler(handler, contentWorld: type(of: script).scriptSandbox, name: type(of: script).messageHandlerName)
  script.messageNames.forEach { controller.add(handler, name: $0) }
}

func installPage(_ page: PageScript, in controller: WKUserContentController, handler: WKScriptMessageHandler) {
  for name in page.handlerNames {
    controller.add(handler, name: name)
  }
}
"""

total_bytes = 0
total_lines = 0


def write(path, text):
    global total_bytes, total_lines
    full = os.path.join(folder, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as out:
        out.write(text)
    total_bytes += len(text.encode())
    total_lines += text.count("\n")


write("Sources/Shared/TabContentScript.swift", SHARED)
for n in range(files):
    lines = ["// Copyright %d The Authors. All rights reserved." % (2015 + n % 10), "", "import Foundation", "import WebKit", ""]
    target = 190 + rng.randint(-40, 40)
    if n % 3 == 0:
        lines += handler_code(n) + [""]
    while len(lines) < target:
        k = rng.randint(0, 5)
        if k <= 2:
            lines += ordinary_type("") + [""]
        elif k == 3:
            lines += ["extension %s {" % ident(prefix="X")] + function("  ") + ["}", ""]
        elif k == 4:
            lines += ['private let %s = """' % ident(),
                      "  <div class=\"%s\">\\(%s)</div>" % (rng.choice(WORDS), ident()),
                      "  %s" % " ".join(rng.choice(WORDS) for _ in range(8)),
                      '  """', ""]
        else:
            lines += function("") + [""]
    module = "Feature%02d" % (n % 40)
    write("Sources/%s/%s/F%05d.swift" % (module, cap(WORDS[n % len(WORDS)]), n), "\n".join(lines) + "\n")
print(total_bytes, total_lines)
