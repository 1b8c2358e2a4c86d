// viewport-preset.js: the `viewport` native-feel preset. `hawser build` places these statements,
// indented by two spaces, inside the function of the emitted hawser-native-feel.js
// (ScriptTemplates.nativeFeel), before the style presets. Embedded in the binary at compile time
// (Package.swift: resources, .embedInCode); these notes end at the first empty line and are not
// emitted. No placeholders.

// One viewport tag, with every setting in ONE content attribute. A page's own tag gets
// this content instead of a second tag being added.
var content = "width=device-width, initial-scale=1, minimum-scale=1, maximum-scale=1, user-scalable=no";
var own = null;
function lock(meta) {
  if (meta.getAttribute("content") !== content) { meta.setAttribute("content", content); }
}
function adopt(meta) {
  lock(meta);
  if (own && own !== meta && own.parentNode) { own.parentNode.removeChild(own); }
  own = meta;
}
function addOwn() {
  var existing = document.querySelector('meta[name="viewport"]');
  if (existing) { adopt(existing); return; }
  own = document.createElement("meta");
  own.setAttribute("name", "viewport");
  own.setAttribute("content", content);
  (document.head || document.documentElement).appendChild(own);
}
new MutationObserver(function (records) {
  if (!own && document.documentElement) { addOwn(); }
  // Added before <head> existed: move it there once the parser makes it.
  if (own && document.head && own.parentNode !== document.head) { document.head.appendChild(own); }
  for (var i = 0; i < records.length; i++) {
    var added = records[i].addedNodes;
    for (var j = 0; j < added.length; j++) {
      var node = added[j];
      if (node !== own && node.nodeName === "META" && (node.getAttribute("name") || "").toLowerCase() === "viewport") {
        adopt(node);
      }
    }
    if (records[i].type === "attributes" && records[i].target === own) { lock(own); }
  }
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["content"] });
if (document.documentElement) { addOwn(); }
