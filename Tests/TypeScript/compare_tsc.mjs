#!/usr/bin/env node
// Compares Hawser's TypeScript stripper with the reference compiler, tsc (Debian's
// node-typescript, 4.8; `scripts/install-deps.sh` installs it).
//
//   node Tests/TypeScript/compare_tsc.mjs [CASE_DIR...] [--verbose]
//   node Tests/TypeScript/compare_tsc.mjs --corpus LIST --strip CMD [--root DIR] [--jobs N] [--no-positions] [--verbose]
//
// ## Fixture mode (default: every folder of Tests/Fixtures/typescript)
//
// A case is a folder holding
//   input.ts or input.tsx     the TypeScript source;
//   expected.js               the stripper's golden output;
// and optionally
//   expected-diagnostics.txt  the stripper's diagnostics, one a line, as the Swift tests write them
//                             (`line:column: code: message`, e.g. `1:1: unsupported-typescript: a
//                             namespace …`), or as hawser prints them (`input.ts:1:1: error: …
//                             [unsupported-typescript]`). A case whose diagnostics name the code
//                             `unsupported-typescript` or `syntax-error`, or hold an error (` error:`
//                             or a line starting `error:`), is a REFUSED form whose expected.js means
//                             nothing: it is counted as refused and not compared (the Swift tests
//                             check the diagnostics). Other diagnostics (warnings) do not skip a case.
//   tsc-options.json          compiler options (tsconfig spelling, e.g. {"useDefineForClassFields":
//                             false}) laid over the reference options below.
//   tsc-differs.txt           a declaration that expected.js is NOT token-equal to tsc's output on
//                             purpose (the file says why, e.g. an enum compiled to another shape).
//                             The token difference is then printed as information, not a failure,
//                             and the case must have a run.mjs: its behaviour is what is compared.
//   run.mjs                   a behaviour check (below). Any other file of the folder (a `dep.js`
//                             that the input imports, …) is copied beside it.
//
// For each case:
//  a. tokens: tsc's output of the input and expected.js are tokenized (ts.createSourceFile, leaf
//     tokens walked with getChildren, so regular expressions, templates and JSX are scanned in
//     their context) and compared, after these normalizations, applied to both sides alike:
//       - statement terminators: whether a statement (variable, expression, return, break,
//         continue, throw, do-while, import, export, debugger, class field) ends with `;` or by
//         ASI does not matter (tsc's printer writes every `;`); each such statement ends in a
//         pseudo-token `;` of its own, so `a\n(b)` (a call) still differs from `a;\n(b)`;
//       - empty statements: a `;` that is a whole statement of a statement list (file, block, case
//         clause) or a class body's `;` is dropped (the stripper's ASI guards); an empty statement
//         that is the body of `if`, `for`, `while` or a label is kept;
//       - redundant parentheses: tsc drops the parentheses of `(x as T).y`, `(1 as T) + 2`,
//         `a || ({} as T)`, `(a?.b as T)?.c`, the stripper keeps them. Parentheses are dropped around
//         a left-hand-side expression (name, literal, this, array, member access, call, tagged
//         template, `!`, parenthesis) that is no optional chain and not the callee of a `new`
//         (unless a name); around an optional chain that a `?.` continues; around an object,
//         function or class expression that begins no statement, arrow body or `export default`;
//         and around any expression but a comma list where any expression may stand (initializer,
//         argument, array element, property value, return value, template substitution, index);
//       - parentheses inside a `new`'s callee: tsc prints `new (make().Thing as T).Inner()` as
//         `new (make().Thing.Inner)()`; `new (X).a.b(…)` (X a left-hand-side expression but a name,
//         no optional chain) is read as `new (X.a.b)(…)` on both sides;
//       - the parentheses of an arrow function's single plain parameter: tsc prints `t => t` as
//         `(t) => t`;
//       - trailing commas: tsc 4.8 drops those of arguments and parameters, and the comma left where
//         it erased the last name of an import or export (`import { a, type B }`); one ending any
//         list is dropped, except after an array hole (`[a, , ]`);
//       - `import x, {} from "m"` is `import x from "m"`, and `import {} from "m"` is `import "m"`;
//       - `export {}` (no names, no `from`) is dropped: tsc 4.8 drops it, the stripper may leave it;
//       - a bigint literal is compared by value: tsc 4.8 writes 1_000n as 1000n and 0xFFn as 255n;
//       - a number literal is compared by value: tsc prints `(1 as T).toFixed()` as `1..toFixed()`,
//         where the stripper keeps `(1     ).toFixed()` (parentheses the rule above drops), so `1.`
//         and `1` are the same token; likewise 1_000 and 1000, 0xFF and 255;
//       - where tsc had to compile to CommonJS (below), its leading "use strict" is dropped.
//     The first differing token is reported with its line:column on both sides.
//  b. positions: every identifier, string, number and template token of expected.js must stand at
//     the same line and column in the input, with the same text. Where the input has a compiled form
//     (enum, parameter property, `import x = require()`, `export =`, a namespace with values), only
//     the tokens before the first compiled form are checked: past it the text may have moved. A
//     class with a parameter property counts as compiled from the start of its body (just after its
//     `{`): the field declarations (`x;`) are written there, before the constructor. The
//     column is UTF-16's or UTF-8's: either matching will do (a non-ASCII character in a type may
//     become one space or one space a byte). For input.tsx, tsc keeps JSX (jsx: preserve) and
//     expected.js is read as JSX.
//
// A case whose input tsc 4.8 itself cannot parse (a parse diagnostic on input.ts: newer syntax such
// as `satisfies`) is counted as "not parsed by tsc 4.8", with the diagnostic as its reason, and has
// no token comparison (nor behaviour check); expected.js must still parse as JavaScript and pass
// the position check (b).
//  c. behaviour (cases with run.mjs): tsc's output and expected.js are each written as `input.js` in
//     a temporary folder, with run.mjs and the case's other files, and a package.json of
//     "type": "module" (or "commonjs" where tsc compiled to CommonJS); `node run.mjs` runs in each;
//     their standard output, standard error (the folder's path replaced) and exit status must be
//     equal. The simplest run.mjs is one line: `import * as m from "./input.js"; console.log(m);`.
//
// Reference options: tsc 4.8 has no --verbatimModuleSyntax. The closest is
//   {target: ESNext, module: ESNext, isolatedModules: true, preserveValueImports: true,
//    importsNotUsedAsValues: Preserve, jsx: Preserve}
// through ts.transpileModule: unused value imports stay, `import { type A } from "a"` becomes
// `import {} from "a"`, `import type` and `export type` go. With module ESNext tsc 4.8 silently
// drops `import x = require("m")` and `export = x`; an input that has either (and no ES
// import/export) is compiled with module CommonJS instead, which writes `const x = require("m")`
// and `module.exports = x` as TypeScript 5's module preserve does. Target ESNext implies
// useDefineForClassFields: a parameter property also becomes a class field declaration (`a;`).
//
// Output: one line per failure (FAIL case: reason); a summary line
//   compare_tsc: N cases, N equal to tsc, N differing as declared, N behaviour-equal, N refused,
//                N not parsed by tsc 4.8, N failed
// (a refused or unparsed case gets a `note` line saying why).
// Exit status 1 on any failure, 2 on a usage error or when tsc cannot be loaded.
//
// ## Corpus mode
//
// LIST is a file of .ts/.tsx paths, one a line; CMD a command that prints the stripped JavaScript
// of the file given as its last argument (`hawser strip FILE`), exiting non-zero with diagnostics
// on standard error when it refuses the file. Each file is transpiled by tsc and stripped by CMD,
// and the two are token-compared as above; files with only erasable syntax also get the position
// check against their source. Files are grouped by project: the first path component under --root
// (default: the longest common folder of the list). Files that tsc 4.8 cannot parse (newer syntax:
// `satisfies`, `accessor`, …) are listed apart and not compared. Files with non-erasable syntax are
// compared too, but counted and listed separately, and do not fail the run. --no-positions leaves
// out the position check (for a stand-in that does not keep positions, such as tsc itself). The exit status is 1
// when an erasable file differs, moved a token, or was refused.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../..");

// ---------------------------------------------------------------------------------------------
// Loading tsc

function loadTypeScript() {
  const require = createRequire(import.meta.url);
  const candidates = ["typescript", "/usr/share/nodejs/typescript"];
  // Homebrew's or npm's global tsc: <prefix>/bin/tsc -> <module>/bin/tsc.
  const which = spawnSync("sh", ["-c", "command -v tsc"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) {
    try {
      candidates.push(path.resolve(path.dirname(fs.realpathSync(which.stdout.trim())), ".."));
    } catch {}
  }
  for (const candidate of candidates) {
    try {
      return require(candidate);
    } catch {}
  }
  return null;
}

const ts = loadTypeScript();
if (!ts) {
  console.error("compare_tsc: cannot load the typescript module (install node-typescript)");
  process.exit(2);
}
const K = ts.SyntaxKind;

// ---------------------------------------------------------------------------------------------
// tsc

function scriptKindOf(fileName) {
  return /\.tsx$/i.test(fileName) ? ts.ScriptKind.TSX : /\.jsx$/i.test(fileName) ? ts.ScriptKind.JSX
    : /\.[cm]?js$/i.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

function parse(text, fileName) {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, true, scriptKindOf(fileName));
}

function referenceOptions() {
  return {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    isolatedModules: true,
    preserveValueImports: true,
    importsNotUsedAsValues: ts.ImportsNotUsedAsValues.Preserve,
    jsx: ts.JsxEmit.Preserve,
  };
}

// Whether the input needs CommonJS to keep `import x = require()` / `export =` (see the header).
function needsCommonJS(sourceFile) {
  let commonJS = false, esModule = false;
  for (const statement of sourceFile.statements) {
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)
        || statement.modifiers?.some((m) => m.kind === K.DeclareKeyword)) continue;
    if (ts.isImportEqualsDeclaration(statement) && !statement.isTypeOnly
        && ts.isExternalModuleReference(statement.moduleReference)) commonJS = true;
    else if (ts.isExportAssignment(statement) && statement.isExportEquals) commonJS = true;
    else if ((ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
             || (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
             || (ts.isExportAssignment(statement) && !statement.isExportEquals)
             || statement.modifiers?.some((m) => m.kind === K.ExportKeyword)) esModule = true;
  }
  return commonJS && !esModule;
}

// tsc's JavaScript for a TypeScript text: {text, fileName, commonJS, errors: [string]}.
function transpile(text, fileName, overrides = {}) {
  const sourceFile = parse(text, fileName);
  const options = { ...referenceOptions(), ...overrides };
  const commonJS = needsCommonJS(sourceFile) && overrides.module === undefined;
  if (commonJS) {
    options.module = ts.ModuleKind.CommonJS;
    delete options.preserveValueImports;
  }
  const result = ts.transpileModule(text, { compilerOptions: options, fileName, reportDiagnostics: true });
  const errors = (result.diagnostics ?? [])
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => describeDiagnostic(d));
  const outName = fileName.replace(/\.tsx$/i, options.jsx === ts.JsxEmit.Preserve ? ".jsx" : ".js").replace(/\.ts$/i, ".js")
    .replace(/\.mts$/i, ".mjs").replace(/\.cts$/i, ".cjs");
  return { text: result.outputText, fileName: outName, commonJS, errors, module: options.module };
}

function describeDiagnostic(d) {
  const message = ts.flattenDiagnosticMessageText(d.messageText, " ");
  if (d.file && d.start !== undefined) {
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${line + 1}:${character + 1}: TS${d.code} ${message}`;
  }
  return `TS${d.code} ${message}`;
}

function loadOverrides(file) {
  if (!fs.existsSync(file)) return {};
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  const { options, errors } = ts.convertCompilerOptionsFromJson(json.compilerOptions ?? json, path.dirname(file));
  if (errors.length) throw new Error(`${file}: ${errors.map(describeDiagnostic).join("; ")}`);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Tokens

const TERMINATED = new Set([
  K.VariableStatement, K.ExpressionStatement, K.ReturnStatement, K.BreakStatement, K.ContinueStatement,
  K.ThrowStatement, K.DoStatement, K.ImportDeclaration, K.ExportDeclaration, K.ExportAssignment,
  K.DebuggerStatement, K.ImportEqualsDeclaration, K.PropertyDeclaration,
]);
const STATEMENT_LISTS = new Set([K.SourceFile, K.Block, K.ModuleBlock, K.CaseClause, K.DefaultClause]);
const LEFT_HAND_SIDE = new Set([
  K.Identifier, K.PrivateIdentifier, K.ThisKeyword, K.SuperKeyword, K.NullKeyword, K.TrueKeyword, K.FalseKeyword,
  K.NumericLiteral, K.BigIntLiteral, K.StringLiteral, K.NoSubstitutionTemplateLiteral, K.TemplateExpression,
  K.RegularExpressionLiteral, K.ArrayLiteralExpression, K.PropertyAccessExpression, K.ElementAccessExpression,
  K.CallExpression, K.TaggedTemplateExpression, K.NonNullExpression, K.ParenthesizedExpression, K.MetaProperty,
]);

function isJSDocKind(kind) {
  return kind >= K.FirstJSDocNode && kind <= K.LastJSDocNode;
}

// Whether a parenthesized expression's parentheses can go (see the header).
function redundantParentheses(node) {
  const inner = node.expression;
  const parent = node.parent;
  if (inner.flags & ts.NodeFlags.OptionalChain) {
    // `(a?.b)?.c` is `a?.b?.c`; `(a?.b).c` is not `a?.b.c`.
    return !!parent && parent.expression === node && !!parent.questionDotToken
      && (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent) || ts.isCallExpression(parent));
  }
  if (LEFT_HAND_SIDE.has(inner.kind)) {
    if (parent && ts.isNewExpression(parent) && parent.expression === node && inner.kind !== K.Identifier) return false;
    // Within a `new`'s callee, `new (a()).b()` is not `new a().b()`: see newCalleeParentheses.
    if (inner.kind !== K.Identifier && newCalleeParentheses(node)) return false;
    return true;
  }
  if (ts.isObjectLiteralExpression(inner) || ts.isFunctionExpression(inner) || ts.isClassExpression(inner)) {
    // Primary expressions, but not where a statement or an arrow's body begins.
    return !beginsStatementOrBody(node);
  }
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === K.CommaToken) return false;
  if (!parent) return false;
  switch (parent.kind) {
    case K.VariableDeclaration: return parent.initializer === node;
    case K.PropertyDeclaration: return parent.initializer === node;
    case K.Parameter: return parent.initializer === node;
    case K.PropertyAssignment: return parent.initializer === node;
    case K.ReturnStatement: return true;
    case K.ArrayLiteralExpression: return true;
    case K.CallExpression: case K.NewExpression: return parent.arguments?.includes(node) ?? false;
    case K.TemplateSpan: return parent.expression === node;
    case K.ElementAccessExpression: return parent.argumentExpression === node;
    case K.ParenthesizedExpression: return true;
    default: return false;
  }
}

// The `new` whose callee has these parentheses inside it, as the object of a member access:
// `new (make().Thing).Inner()`. tsc prints that `new (make().Thing.Inner)()`, the same; the tokens
// of both are read as `new (make().Thing.Inner)()` (tokensOf). Null otherwise.
function newCalleeParentheses(node) {
  let child = node, parent = node.parent;
  while (parent && (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent))
         && parent.expression === child && !parent.questionDotToken && !(parent.flags & ts.NodeFlags.OptionalChain)) {
    child = parent;
    parent = parent.parent;
  }
  if (child === node || !parent || !ts.isNewExpression(parent) || parent.expression !== child) return null;
  return parent;
}

// Whether a node is the leftmost part of an expression statement, an arrow function's body or an
// `export default` (where `{` or `function` would be read otherwise without parentheses).
function beginsStatementOrBody(node) {
  const start = node.getStart();
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isArrowFunction(parent) && parent.body === child) return true;
    if (ts.isExpressionStatement(parent) || ts.isExportAssignment(parent)) return parent.expression.getStart() === start;
    if (parent.getStart() !== start) return false;
  }
  return false;
}

// Whether the parentheses of an arrow function's parameters can go: one plain name.
function lonePlainParameter(node) {
  if (node.parameters.length !== 1) return false;
  const p = node.parameters[0];
  return ts.isIdentifier(p.name) && !p.initializer && !p.dotDotDotToken && !p.type && !p.questionToken;
}

// The normalized leaf tokens of a JavaScript text: [{text, kind, pos, line, col}]. A token of kind
// "end" is a statement's end (its `;`, written or not).
function tokensOf(text, fileName, { dropUseStrict = false } = {}) {
  const sourceFile = parse(text, fileName);
  const tokens = [];
  const movedNewParentheses = new Set();
  const push = (node, kindOverride, textOverride, posOverride) => {
    const pos = posOverride ?? node.getStart(sourceFile);
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(pos);
    const raw = kindOverride === "end" ? ";" : node.getText(sourceFile);
    tokens.push({ text: textOverride ?? raw, raw, kind: kindOverride ?? node.kind, pos, line: line + 1, col: character + 1 });
  };
  const visit = (node) => {
    const kind = node.kind;
    if (isJSDocKind(kind) || kind === K.EndOfFileToken) return;
    if ((kind === K.EmptyStatement && node.parent && STATEMENT_LISTS.has(node.parent.kind)) || kind === K.SemicolonClassElement) return;
    if (kind === K.ExportDeclaration && !node.moduleSpecifier && node.exportClause
        && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length === 0) return;
    if (dropUseStrict && kind === K.ExpressionStatement && node.parent === sourceFile && sourceFile.statements[0] === node
        && ts.isStringLiteral(node.expression) && node.expression.text === "use strict") return;
    const children = node.getChildren(sourceFile);
    if (children.length === 0) {
      if (kind === K.SyntaxList) return;
      if (kind === K.JsxText) {
        const collapsed = node.getText(sourceFile).replace(/\s+/g, " ").trim();
        if (collapsed) push(node, kind, collapsed);
        return;
      }
      if (kind === K.BigIntLiteral) {
        // tsc 4.8 prints a bigint by its value: 1_000n is written 1000n, 0xFFn 255n.
        push(node, kind, `${BigInt(node.getText(sourceFile).slice(0, -1).replace(/_/g, ""))}n`);
        return;
      }
      if (kind === K.NumericLiteral) {
        // tsc prints `(1 as T).toFixed()` as `1..toFixed()`: a number is compared by its value.
        const raw = node.getText(sourceFile);
        const value = /^0[0-9]/.test(raw) ? NaN : Number(raw.replace(/_/g, ""));
        push(node, kind, Number.isNaN(value) ? raw : String(value));
        return;
      }
      push(node);
      return;
    }
    let skip = new Set();
    if (kind === K.ParenthesizedExpression && (redundantParentheses(node) || movedNewParentheses.has(node))) {
      skip = new Set(children.filter((c) => c.kind === K.OpenParenToken || c.kind === K.CloseParenToken));
    }
    let wrapped = null;
    if (kind === K.NewExpression && !ts.isParenthesizedExpression(node.expression)) {
      // `new (make().Thing).Inner()` is read as `new (make().Thing.Inner)()` (newCalleeParentheses).
      let e = node.expression;
      while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
      if (ts.isParenthesizedExpression(e) && e.expression.kind !== K.Identifier && LEFT_HAND_SIDE.has(e.expression.kind)
          && !(e.expression.flags & ts.NodeFlags.OptionalChain) && newCalleeParentheses(e) === node) {
        movedNewParentheses.add(e);
        wrapped = node.expression;
      }
    }
    if (kind === K.ImportDeclaration) {
      const clause = node.importClause;
      const emptyNamed = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length === 0;
      if (clause && !clause.name && emptyNamed && !clause.isTypeOnly) {
        // `import {} from "m"` is `import "m"`.
        skip = new Set(children.filter((c) => c === clause || c.kind === K.FromKeyword));
      }
    }
    if (kind === K.ImportClause && node.name && node.namedBindings && ts.isNamedImports(node.namedBindings)
        && node.namedBindings.elements.length === 0) {
      skip = new Set(children.filter((c) => c === node.namedBindings || c.kind === K.CommaToken));
    }
    if (kind === K.SyntaxList && children.length >= 2 && children.at(-1).kind === K.CommaToken
        && children.at(-2).kind !== K.OmittedExpression) {
      // A trailing comma: tsc 4.8 drops it after arguments and parameters, and where it erased
      // the last import or export name. It means nothing unless it ends an array hole `[a,,]`.
      skip = new Set([children.at(-1)]);
    }
    if (kind === K.ArrowFunction && lonePlainParameter(node)) {
      // `t => t` is printed `(t) => t`.
      skip = new Set(children.filter((c) => c.kind === K.OpenParenToken || c.kind === K.CloseParenToken));
    }
    const terminated = TERMINATED.has(kind);
    children.forEach((child, index) => {
      if (skip.has(child)) return;
      if (terminated && index === children.length - 1 && child.kind === K.SemicolonToken) return;
      if (child === wrapped) push(child, K.OpenParenToken, "(");
      visit(child);
      if (child === wrapped) push(child, K.CloseParenToken, ")", child.getEnd());
    });
    if (terminated) push(node, "end", ";", Math.max(node.getStart(sourceFile), node.getEnd() - (children.at(-1)?.kind === K.SemicolonToken ? 1 : 0)));
  };
  visit(sourceFile);
  const errors = sourceFile.parseDiagnostics.map(describeDiagnostic);
  return { tokens, errors, sourceFile };
}

function sameToken(a, b) {
  return a.text === b.text && (a.kind === "end") === (b.kind === "end");
}

// null when equal, else {index, a, b} (a or b undefined at the end of one side).
function compareTokens(left, right) {
  const n = Math.max(left.length, right.length);
  for (let i = 0; i < n; i++) {
    if (!left[i] || !right[i] || !sameToken(left[i], right[i])) return { index: i, a: left[i], b: right[i] };
  }
  return null;
}

function showToken(token) {
  if (!token) return "end of file";
  const text = token.text.length > 40 ? token.text.slice(0, 37) + "..." : token.text;
  return `${JSON.stringify(token.kind === "end" ? "<end of statement>" : text)} at ${token.line}:${token.col}`;
}

// ---------------------------------------------------------------------------------------------
// Compiled (non-erasable) forms of a TypeScript source: [{what, pos, line}].

function compiledForms(sourceFile) {
  const found = [];
  const add = (what, node) => {
    const pos = node.getStart(sourceFile);
    found.push({ what, pos, line: sourceFile.getLineAndCharacterOfPosition(pos).line + 1 });
  };
  const isDeclare = (node) => node.modifiers?.some((m) => m.kind === K.DeclareKeyword);
  const visit = (node, ambient) => {
    if (ambient) return;
    switch (node.kind) {
      case K.EnumDeclaration:
        if (!isDeclare(node)) add(node.modifiers?.some((m) => m.kind === K.ConstKeyword) ? "const enum" : "enum", node);
        return;
      case K.ModuleDeclaration:
        if (isDeclare(node) || ts.isStringLiteral(node.name)) return;
        if (ts.getModuleInstanceState ? ts.getModuleInstanceState(node) !== 0 : true) add("namespace", node);
        return;
      case K.ImportEqualsDeclaration:
        if (!node.isTypeOnly) add(ts.isExternalModuleReference(node.moduleReference) ? "import = require" : "import alias", node);
        return;
      case K.ExportAssignment:
        if (node.isExportEquals) add("export =", node);
        return;
      case K.Decorator:
        add("decorator", node);
        return;
      case K.Parameter:
        if (ts.isParameterPropertyDeclaration(node, node.parent)) {
          // The class's field declarations (`x;`) are written just after its body's `{`.
          const cls = node.parent.parent;
          const brace = cls.getChildren(sourceFile).find((c) => c.kind === K.OpenBraceToken);
          const pos = brace ? brace.getEnd() : node.getStart(sourceFile);
          found.push({ what: "parameter property", pos, line: sourceFile.getLineAndCharacterOfPosition(pos).line + 1 });
        }
        break;
      case K.InterfaceDeclaration: case K.TypeAliasDeclaration:
        return;
    }
    const declared = (ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isVariableStatement(node)) && isDeclare(node);
    ts.forEachChild(node, (child) => visit(child, declared));
  };
  visit(sourceFile, false);
  return found.sort((a, b) => a.pos - b.pos);
}

// ---------------------------------------------------------------------------------------------
// Positions: the tokens of the output must stand where they stood in the input.

const POSITIONED = new Set([
  K.Identifier, K.PrivateIdentifier, K.StringLiteral, K.NumericLiteral, K.BigIntLiteral,
  K.NoSubstitutionTemplateLiteral, K.TemplateHead, K.TemplateMiddle, K.TemplateTail,
]);

// [{token, found}] (found: the input's text there) for the tokens that moved (at most `limit`),
// checking only before `until`, an offset of the input (compared by line and column: the stripper
// drops the blanks that end lines, so output offsets are not input ones). A token stands still when the input has its text at the same line
// and UTF-16 column (JavaScript's columns: a blanked `é` is one space, an astral character two).
// A parenthesis or `;` the stripper had to insert (no blank to hold it: `f((a + b) * c)` from
// `f(a + b as T * c)`) moves the rest of its line: a token also stands still when the line, read
// from its start, is the input's line with only such characters inserted before the token (other
// characters equal, blanked to spaces, or spaces turned into `(`, `)` or `;`).
function movedTokens(outputTokens, outputSourceFile, inputSourceFile, until = Infinity, limit = 5) {
  const moved = [];
  const input = inputSourceFile.text;
  const lineStarts = inputSourceFile.getLineStarts();
  const outputLineStarts = outputSourceFile.getLineStarts();
  const stop = until === Infinity ? null : inputSourceFile.getLineAndCharacterOfPosition(until);
  for (const token of outputTokens) {
    if (!POSITIONED.has(token.kind)) continue;
    if (stop && (token.line - 1 > stop.line || (token.line - 1 === stop.line && token.col - 1 >= stop.character))) continue;
    let found = "<no such line>";
    if (token.line - 1 < lineStarts.length) {
      const lineStart = lineStarts[token.line - 1];
      const lineEnd = token.line < lineStarts.length ? lineStarts[token.line] : input.length;
      const pos = lineStart + token.col - 1;
      found = pos < lineEnd ? input.substr(pos, token.raw.length) : "<past the end of the line>";
      if (found !== token.raw) {
        const prefix = outputSourceFile.text.slice(outputLineStarts[token.line - 1], token.pos);
        const aligned = alignInsertions(prefix, input.slice(lineStart, lineEnd));
        if (aligned !== null && input.substr(lineStart + aligned, token.raw.length) === token.raw) found = token.raw;
      }
    }
    if (found !== token.raw) {
      moved.push({ token, found });
      if (moved.length >= limit) break;
    }
  }
  return moved;
}

// The input column (0-based) that the end of `prefix` (an output line's start) stands for when the
// output inserted at least one `(`, `)` or `;`; null when the prefix is not the input line with
// such insertions.
function alignInsertions(prefix, inputLine) {
  let i = 0, inserted = 0;
  for (let o = 0; o < prefix.length; o++) {
    const c = prefix[o];
    if (i < inputLine.length && c === inputLine[i]) { i++; continue; }
    if (i < inputLine.length && c === " ") { i++; continue; }
    if ("();".includes(c)) {
      if (i < inputLine.length && /\s/.test(inputLine[i]) && !/[\r\n]/.test(inputLine[i])) { i++; continue; }
      inserted++;
      continue;
    }
    return null;
  }
  return inserted > 0 ? i : null;
}

// ---------------------------------------------------------------------------------------------
// Behaviour

function runBehaviour(caseDir, files, javascript, commonJS, label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `compare-tsc-${label}-`));
  try {
    for (const file of files) fs.cpSync(path.join(caseDir, file), path.join(dir, file), { recursive: true });
    fs.writeFileSync(path.join(dir, "input.js"), javascript);
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: commonJS ? "commonjs" : "module" }));
    const result = spawnSync(process.execPath, ["run.mjs"], { cwd: dir, encoding: "utf8", timeout: 20000 });
    const clean = (s) => (s ?? "").split(dir).join("<dir>");
    return {
      stdout: clean(result.stdout),
      stderr: clean(result.stderr),
      status: result.error ? `error ${result.error.code}` : result.signal ? `signal ${result.signal}` : result.status,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function firstDifferentLine(a, b) {
  const la = a.split("\n"), lb = b.split("\n");
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}: tsc ${JSON.stringify(la[i] ?? "<none>")}, expected ${JSON.stringify(lb[i] ?? "<none>")}`;
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Fixture mode

const CASE_FILES = new Set(["input.ts", "input.tsx", "expected.js", "expected-diagnostics.txt", "tsc-options.json", "tsc-differs.txt"]);

// A line of expected-diagnostics.txt that makes a case a refused form: `1:1: unsupported-typescript: …`,
// `1:15: syntax-error: …`, or hawser's `input.ts:1:1: error: … [unsupported-typescript]`.
const REFUSAL = /^\s*(?:\S*:)?\d+:\d+:\s*(?:unsupported-typescript|syntax-error):|\[(?:unsupported-typescript|syntax-error)\]|(?:^|\s)error:/;

function checkCase(caseDir, verbose) {
  const name = path.relative(process.cwd(), caseDir) || caseDir;
  const failures = [];
  const result = { name, status: "equal", failures, notes: [] };
  const inputName = ["input.ts", "input.tsx"].find((f) => fs.existsSync(path.join(caseDir, f)));
  if (!inputName) return { ...result, status: "failed", failures: ["no input.ts or input.tsx"] };
  const diagnosticsFile = path.join(caseDir, "expected-diagnostics.txt");
  if (fs.existsSync(diagnosticsFile)) {
    const diagnostics = fs.readFileSync(diagnosticsFile, "utf8");
    const refusal = diagnostics.split("\n").find((l) => REFUSAL.test(l));
    if (refusal) return { ...result, status: "refused", notes: [`refused form (expected-diagnostics.txt: ${refusal.trim()}): not compared`] };
  }
  const expectedFile = path.join(caseDir, "expected.js");
  if (!fs.existsSync(expectedFile)) return { ...result, status: "failed", failures: ["no expected.js"] };
  const input = fs.readFileSync(path.join(caseDir, inputName), "utf8");
  const expected = fs.readFileSync(expectedFile, "utf8");
  const declaredDiffers = fs.existsSync(path.join(caseDir, "tsc-differs.txt"));
  const hasRun = fs.existsSync(path.join(caseDir, "run.mjs"));

  let overrides;
  try {
    overrides = loadOverrides(path.join(caseDir, "tsc-options.json"));
  } catch (error) {
    return { ...result, status: "failed", failures: [String(error.message)] };
  }
  const inputSource = parse(input, inputName);
  const compiled = compiledForms(inputSource);
  const until = compiled.length ? compiled[0].pos : Infinity;
  const positionFailures = (tokens, sourceFile) => movedTokens(tokens, sourceFile, inputSource, until)
    .map(({ token, found }) => `position: expected.js ${showToken(token)}, but the input has ${JSON.stringify(found)} there`);
  const tsc = transpile(input, inputName, overrides);
  const expectedName = /\.tsx$/.test(inputName) && tsc.fileName.endsWith(".jsx") ? "expected.jsx" : "expected.js";
  if (inputSource.parseDiagnostics.length) {
    // Newer syntax than tsc 4.8's (`satisfies`, …): no reference output to compare with, but
    // expected.js must still be JavaScript with its tokens where the input has them.
    const right = tokensOf(expected, expectedName);
    if (right.errors.length) failures.push(`expected.js does not parse: ${right.errors[0]}`);
    failures.push(...positionFailures(right.tokens, right.sourceFile));
    result.notes.push(`not parsed by tsc 4.8: ${describeDiagnostic(inputSource.parseDiagnostics[0])}`);
    result.status = failures.length ? "failed" : "unparsed";
    return result;
  }
  if (tsc.errors.length) failures.push(`tsc reports ${tsc.errors[0]}`);
  const left = tokensOf(tsc.text, tsc.fileName, { dropUseStrict: tsc.commonJS });
  const right = tokensOf(expected, expectedName);
  if (right.errors.length) failures.push(`expected.js does not parse: ${right.errors[0]}`);

  // a. tokens
  const difference = compareTokens(left.tokens, right.tokens);
  if (difference) {
    const message = `tokens differ at token ${difference.index + 1}: tsc ${showToken(difference.a)}, expected.js ${showToken(difference.b)}`;
    if (declaredDiffers) result.notes.push(message + " (declared in tsc-differs.txt)");
    else failures.push(message);
  } else if (declaredDiffers) {
    result.notes.push("tsc-differs.txt, but the tokens are equal to tsc's");
  }
  if (declaredDiffers && !hasRun) failures.push("tsc-differs.txt needs a run.mjs: the behaviour is what is compared");
  if (verbose && difference) {
    console.log(`--- ${name}: tsc output\n${tsc.text}--- expected.js\n${expected}`);
  }

  // b. positions
  failures.push(...positionFailures(right.tokens, right.sourceFile));
  if (compiled.length) result.notes.push(`compiled: ${[...new Set(compiled.map((c) => c.what))].join(", ")} (positions checked up to line ${compiled[0].line})`);

  // c. behaviour
  let behaviourEqual = false;
  if (hasRun) {
    const files = fs.readdirSync(caseDir).filter((f) => !CASE_FILES.has(f));
    const a = runBehaviour(caseDir, files, tsc.text, tsc.commonJS, "tsc");
    const b = runBehaviour(caseDir, files, expected, tsc.commonJS, "expected");
    if (a.status !== b.status) failures.push(`behaviour: exit status ${a.status} with tsc's output, ${b.status} with expected.js`);
    else if (a.stdout !== b.stdout) failures.push(`behaviour: standard output differs, ${firstDifferentLine(a.stdout, b.stdout)}`);
    else if (a.stderr !== b.stderr) failures.push(`behaviour: standard error differs, ${firstDifferentLine(a.stderr, b.stderr)}`);
    else behaviourEqual = true;
    if (verbose) console.log(`--- ${name}: run.mjs with tsc's output (status ${a.status})\n${a.stdout}${a.stderr}`);
  }

  if (failures.length) result.status = "failed";
  else if (difference) result.status = "declared";
  result.behaviourEqual = behaviourEqual;
  return result;
}

function fixtureMode(caseArgs, verbose) {
  let cases = caseArgs;
  if (cases.length === 0) {
    const root = path.join(repoRoot, "Tests/Fixtures/typescript");
    if (!fs.existsSync(root)) {
      console.log("compare_tsc: no Tests/Fixtures/typescript; 0 cases");
      return 0;
    }
    cases = fs.readdirSync(root).sort().map((d) => path.join(root, d)).filter((d) => fs.statSync(d).isDirectory());
  }
  const counts = { cases: 0, equal: 0, declared: 0, behaviour: 0, refused: 0, unparsed: 0, failed: 0 };
  for (const caseDir of cases) {
    counts.cases++;
    let result;
    try {
      result = checkCase(path.resolve(caseDir), verbose);
    } catch (error) {
      result = { name: caseDir, status: "failed", failures: [`harness error: ${error.stack ?? error}`], notes: [] };
    }
    if (result.status === "equal") counts.equal++;
    if (result.status === "declared") counts.declared++;
    if (result.status === "refused") counts.refused++;
    if (result.status === "unparsed") counts.unparsed++;
    if (result.status === "failed") counts.failed++;
    if (result.behaviourEqual) counts.behaviour++;
    for (const failure of result.failures) console.log(`FAIL ${result.name}: ${failure}`);
    if (verbose || result.status === "refused" || result.status === "unparsed" || result.status === "failed") for (const note of result.notes) console.log(`note ${result.name}: ${note}`);
    else if (result.status === "declared") console.log(`note ${result.name}: ${result.notes.find((n) => n.startsWith("tokens differ"))}`);
  }
  console.log(`compare_tsc: ${counts.cases} cases, ${counts.equal} equal to tsc, ${counts.declared} differing as declared, `
    + `${counts.behaviour} behaviour-equal, ${counts.refused} refused, ${counts.unparsed} not parsed by tsc 4.8, ${counts.failed} failed`);
  return counts.failed ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Corpus mode

function runStrip(command, file) {
  return new Promise((resolve) => {
    const quoted = `'${file.replace(/'/g, `'\\''`)}'`;
    const child = spawn("sh", ["-c", `${command} ${quoted}`], { stdio: ["ignore", "pipe", "pipe"] });
    const out = [], err = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => err.push(d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60000);
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status: signal ? `signal ${signal}` : status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
  });
}

function commonFolder(paths) {
  if (paths.length === 0) return "";
  let parts = path.dirname(paths[0]).split(path.sep);
  for (const p of paths) {
    const other = path.dirname(p).split(path.sep);
    let i = 0;
    while (i < parts.length && i < other.length && parts[i] === other[i]) i++;
    parts = parts.slice(0, i);
  }
  return parts.join(path.sep) || path.sep;
}

async function corpusCompare(file, strip, positions) {
  const input = fs.readFileSync(file, "utf8");
  const fileName = path.basename(file);
  const inputSource = parse(input, fileName);
  const compiled = compiledForms(inputSource);
  const record = { file, compiled: [...new Set(compiled.map((c) => c.what))], outcome: "equal", detail: "" };
  const tsc = transpile(input, fileName);
  const parseErrors = inputSource.parseDiagnostics.map(describeDiagnostic);
  if (tsc.errors.length || parseErrors.length) {
    return { ...record, outcome: "tsc-cannot-parse", detail: (parseErrors[0] ?? tsc.errors[0]) };
  }
  const stripped = await runStrip(strip, file);
  if (stripped.status !== 0) {
    return { ...record, outcome: "refused", detail: `exit ${stripped.status}: ${stripped.stderr.trim().split("\n")[0] ?? ""}` };
  }
  const outName = tsc.fileName;
  const left = tokensOf(tsc.text, outName, { dropUseStrict: tsc.commonJS });
  const right = tokensOf(stripped.stdout, outName);
  if (right.errors.length) return { ...record, outcome: "differs", detail: `the output does not parse: ${right.errors[0]}` };
  const difference = compareTokens(left.tokens, right.tokens);
  if (difference) {
    return { ...record, outcome: "differs", detail: `token ${difference.index + 1}: tsc ${showToken(difference.a)}, strip ${showToken(difference.b)}` };
  }
  const moved = positions ? movedTokens(right.tokens, right.sourceFile, inputSource, compiled.length ? compiled[0].pos : Infinity, 1) : [];
  if (moved.length) {
    return { ...record, outcome: "moved", detail: `${showToken(moved[0].token)}, the input has ${JSON.stringify(moved[0].found)} there` };
  }
  return record;
}

async function corpusMode(listFile, strip, root, jobs, verbose, positions) {
  const files = fs.readFileSync(listFile, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))
    .map((l) => path.resolve(path.dirname(listFile), l));
  const base = root ? path.resolve(root) : commonFolder(files);
  const results = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      try {
        results[i] = await corpusCompare(files[i], strip, positions);
      } catch (error) {
        results[i] = { file: files[i], compiled: [], outcome: "differs", detail: `harness error: ${error.message}` };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));

  const projectOf = (file) => path.relative(base, file).split(path.sep)[0] || "(root)";
  const projects = new Map();
  for (const r of results) {
    const p = projectOf(r.file);
    if (!projects.has(p)) projects.set(p, []);
    projects.get(p).push(r);
  }
  const tally = (list) => {
    const t = { files: list.length, equal: 0, differs: 0, moved: 0, refused: 0, unparsable: 0 };
    for (const r of list) {
      if (r.outcome === "equal") t.equal++;
      else if (r.outcome === "differs") t.differs++;
      else if (r.outcome === "moved") t.moved++;
      else if (r.outcome === "refused") t.refused++;
      else t.unparsable++;
    }
    return t;
  };
  const show = (t) => `${t.files} files: ${t.equal} equal, ${t.differs} differ, ${t.moved} moved a token, ${t.refused} refused, ${t.unparsable} not parsed by tsc 4.8`;
  let failed = 0;
  const rel = (f) => path.relative(base, f);
  for (const [project, list] of [...projects].sort()) {
    const erasable = list.filter((r) => r.compiled.length === 0);
    const compiled = list.filter((r) => r.compiled.length > 0);
    console.log(`${project}: erasable ${show(tally(erasable))}; non-erasable ${show(tally(compiled))}`);
    for (const r of erasable) {
      if (r.outcome === "equal") continue;
      if (r.outcome !== "tsc-cannot-parse") failed++;
      console.log(`  ${r.outcome === "tsc-cannot-parse" ? "SKIP" : "FAIL"} ${rel(r.file)}: ${r.outcome}: ${r.detail}`);
    }
    for (const r of compiled) {
      if (r.outcome === "equal" && !verbose) {
        console.log(`  non-erasable ${rel(r.file)} (${r.compiled.join(", ")}): equal`);
        continue;
      }
      console.log(`  non-erasable ${rel(r.file)} (${r.compiled.join(", ")}): ${r.outcome}${r.detail ? ": " + r.detail : ""}`);
    }
  }
  const all = tally(results);
  const compiledCount = results.filter((r) => r.compiled.length > 0).length;
  console.log(`compare_tsc corpus: ${projects.size} projects, ${show(all)}; ${compiledCount} with non-erasable syntax; ${failed} erasable failures`);
  return failed ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------

function usage(message) {
  if (message) console.error(`compare_tsc: ${message}`);
  console.error("usage: compare_tsc.mjs [CASE_DIR...] [--verbose]\n"
    + "       compare_tsc.mjs --corpus LIST --strip CMD [--root DIR] [--jobs N] [--no-positions] [--verbose]");
  process.exit(2);
}

const args = process.argv.slice(2);
const positional = [];
let corpus = null, strip = null, root = null, verbose = false, positions = true, jobs = Math.min(2, os.availableParallelism?.() ?? 2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--corpus") corpus = args[++i];
  else if (a === "--strip") strip = args[++i];
  else if (a === "--root") root = args[++i];
  else if (a === "--jobs") jobs = Number(args[++i]);
  else if (a === "--verbose" || a === "-v") verbose = true;
  else if (a === "--no-positions") positions = false;
  else if (a === "--help" || a === "-h") usage();
  else if (a.startsWith("--")) usage(`unknown option ${a}`);
  else positional.push(a);
}
if (corpus) {
  if (!strip) usage("--corpus needs --strip CMD");
  process.exitCode = await corpusMode(corpus, strip, root, jobs, verbose, positions);
} else {
  if (strip) usage("--strip goes with --corpus");
  process.exitCode = fixtureMode(positional, verbose);
}
