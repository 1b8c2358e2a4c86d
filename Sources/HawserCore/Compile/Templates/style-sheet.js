// style-sheet.js: statements that add a style sheet as <style data-hawser="NAME">, once the
// document element exists (a document-start script runs before <html> does). `hawser build`
// places them, indented by two spaces, inside the function of every script it emits for a
// .css file and, after the viewport preset, of hawser-native-feel.js for the style presets
// (ScriptTemplates). Embedded in the binary at compile time (Package.swift: resources,
// .embedInCode); these notes end at the first empty line and are not emitted.
//
// Placeholders (Template.swift) are comment-marked expressions, `/*@name*/` directly followed
// by a default value; the build replaces the marker and the default with a JSON string literal:
//   css   the style sheet's text
//   name  the script's name, the value of the data-hawser attribute

var css = /*@css*/"";
function install() {
  var style = document.createElement("style");
  style.setAttribute("data-hawser", /*@name*/"hawser-native-feel");
  style.textContent = css;
  (document.head || document.documentElement).appendChild(style);
}
if (document.documentElement) {
  install();
} else {
  new MutationObserver(function (records, observer) {
    if (document.documentElement) {
      observer.disconnect();
      install();
    }
  }).observe(document, { childList: true });
}
