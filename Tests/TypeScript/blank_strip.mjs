#!/usr/bin/env node
// A second stand-in for `hawser strip FILE`, to test compare_tsc.mjs's corpus mode (its
// normalizations and its position check) on real code before the stripper exists: it blanks type
// syntax with spaces over tsc's syntax tree, as ts-blank-space does, so every remaining token
// keeps its line and column. It is a test tool, not a reference: it refuses (exit 1, a message
// on stderr) every file with a form to compile (enum, namespace with values, parameter property,
// decorator, `export =`), JSX, and whatever it does not know how to blank. Where it blanks a whole
// statement or class member it writes `;` at its start (an empty statement: an ASI guard).
// `import x = require("m")` becomes `const  x = require("m")`, the same length.
//
//   node Tests/TypeScript/blank_strip.mjs FILE
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let ts;
for (const candidate of ["typescript", "/usr/share/nodejs/typescript"]) {
  try { ts = require(candidate); break; } catch {}
}
const file = process.argv[2];
if (!ts || !file) {
  console.error("usage: blank_strip.mjs FILE (needs the typescript module)");
  process.exit(2);
}
const K = ts.SyntaxKind;
const text = fs.readFileSync(file, "utf8");
const kind = /\.tsx$/i.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
const sf = ts.createSourceFile(path.basename(file), text, ts.ScriptTarget.ESNext, true, kind);
if (sf.parseDiagnostics.length) refuse(sf.parseDiagnostics[0].start, ts.flattenDiagnosticMessageText(sf.parseDiagnostics[0].messageText, " "));

const out = text.split("");
function refuse(pos, why) {
  const { line, character } = sf.getLineAndCharacterOfPosition(pos ?? 0);
  console.error(`${file}:${line + 1}:${character + 1}: error: ${why}`);
  process.exit(1);
}
function blank(start, end) {
  for (let i = start; i < end; i++) if (out[i] !== "\n" && out[i] !== "\r") out[i] = " ";
}
function blankStatement(node) {
  const start = node.getStart(sf);
  blank(start, node.end);
  out[start] = ";";
}
// The `:` before a type annotation, found backwards from the type over white space.
function colonBefore(type) {
  let i = type.getStart(sf) - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (text[i] !== ":") refuse(type.getStart(sf), "no ':' before a type annotation (a comment?)");
  return i;
}
function blankType(type) {
  if (type) blank(colonBefore(type), type.end);
}
// `<...>` of type parameters or arguments (a NodeArray: pos after `<`, end before `>`).
function blankAngles(list) {
  if (!list) return;
  const open = text.lastIndexOf("<", list.pos);
  const close = text.indexOf(">", list.end);
  if (open < 0 || close < 0) refuse(list.pos, "no <> around type parameters");
  blank(open, close + 1);
}
function blankToken(token) {
  if (token) blank(token.getStart(sf), token.end);
}
// A list element and the comma after it.
function blankWithComma(node) {
  let end = node.end;
  let i = end;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (text[i] === ",") end = i + 1;
  blank(node.getStart(sf), end);
}
const hasModifier = (node, k) => node.modifiers?.some((m) => m.kind === k) ?? false;
const TS_MODIFIERS = new Set([K.PublicKeyword, K.PrivateKeyword, K.ProtectedKeyword, K.ReadonlyKeyword, K.AbstractKeyword, K.OverrideKeyword, K.DeclareKeyword]);

function visit(node) {
  switch (node.kind) {
    case K.InterfaceDeclaration: case K.TypeAliasDeclaration:
      return blankStatement(node);
    case K.EnumDeclaration:
      if (hasModifier(node, K.DeclareKeyword)) return blankStatement(node);
      return refuse(node.getStart(sf), "enum");
    case K.ModuleDeclaration:
      if (hasModifier(node, K.DeclareKeyword) || ts.getModuleInstanceState?.(node) === 0) return blankStatement(node);
      return refuse(node.getStart(sf), "namespace with values");
    case K.Decorator:
      return refuse(node.getStart(sf), "decorator");
    case K.ExportAssignment:
      if (node.isExportEquals) return refuse(node.getStart(sf), "export =");
      break;
    case K.ImportEqualsDeclaration:
      if (node.isTypeOnly || !ts.isExternalModuleReference(node.moduleReference)) {
        if (node.isTypeOnly) return blankStatement(node);
        return refuse(node.getStart(sf), "import alias");
      }
      if (hasModifier(node, K.ExportKeyword)) return refuse(node.getStart(sf), "export import");
      out.splice(node.getStart(sf), 6, ..."const ");
      return;
    case K.ImportDeclaration:
      if (node.importClause?.isTypeOnly) return blankStatement(node);
      break;
    case K.ImportSpecifier: case K.ExportSpecifier:
      if (node.isTypeOnly) return blankWithComma(node);
      break;
    case K.ExportDeclaration:
      if (node.isTypeOnly) return blankStatement(node);
      break;
    case K.FunctionDeclaration:
      if (!node.body || hasModifier(node, K.DeclareKeyword)) return blankStatement(node);
      break;
    case K.VariableStatement: case K.ClassDeclaration:
      if (hasModifier(node, K.DeclareKeyword)) return blankStatement(node);
      break;
    case K.MethodDeclaration: case K.Constructor: case K.GetAccessor: case K.SetAccessor:
      if (!node.body || hasModifier(node, K.AbstractKeyword)) return blankStatement(node);
      break;
    case K.PropertyDeclaration:
      if (hasModifier(node, K.DeclareKeyword) || hasModifier(node, K.AbstractKeyword)) return blankStatement(node);
      blankToken(node.questionToken);
      blankToken(node.exclamationToken);
      break;
    case K.IndexSignature:
      return blankStatement(node);
    case K.HeritageClause:
      if (node.token === K.ImplementsKeyword) {
        // `implements A, B` (after `extends X` or alone).
        return blank(node.getStart(sf), node.end);
      }
      break;
    case K.Parameter:
      if (ts.isParameterPropertyDeclaration(node, node.parent)) return refuse(node.getStart(sf), "parameter property");
      if (ts.isIdentifier(node.name) && node.name.text === "this") return blankWithComma(node);
      blankToken(node.questionToken);
      break;
    case K.AsExpression:
      visit(node.expression);
      return blank(node.expression.end, node.end);
    case K.TypeAssertionExpression:
      visit(node.expression);
      return blank(node.getStart(sf), node.expression.getStart(sf));
    case K.NonNullExpression:
      visit(node.expression);
      return blank(node.end - 1, node.end);
    case K.ExpressionWithTypeArguments:
      blankAngles(node.typeArguments);
      return visit(node.expression);
    case K.VariableDeclaration:
      blankToken(node.exclamationToken);
      break;
    case K.JsxElement: case K.JsxSelfClosingElement: case K.JsxFragment:
      return refuse(node.getStart(sf), "JSX");
  }
  if (node.modifiers) {
    for (const modifier of node.modifiers) if (TS_MODIFIERS.has(modifier.kind)) blankToken(modifier);
  }
  if (node.typeParameters) blankAngles(node.typeParameters);
  if (node.typeArguments && (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node))) blankAngles(node.typeArguments);
  if (node.type && !ts.isTypeNode(node)) {
    // Annotations: variables, parameters, properties, return types of function-likes.
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isPropertyDeclaration(node) || ts.isFunctionLike(node)) {
      if (ts.isArrowFunction(node) && text.slice(colonBefore(node.type), node.equalsGreaterThanToken.getStart(sf)).includes("\n")) {
        refuse(node.type.getStart(sf), "an arrow function's return type on another line");
      }
      blankType(node.type);
    }
  }
  ts.forEachChild(node, (child) => {
    if ((ts.isTypeNode(child) && !ts.isExpressionWithTypeArguments(child)) || ts.isTypeParameterDeclaration(child)) return;
    visit(child);
  });
}
visit(sf);
process.stdout.write(out.join(""));
