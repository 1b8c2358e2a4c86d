// A CommonJS module entry.
const sizes = require("./lib/sizes.js");

function setFontSize(size) {
    document.body.style.fontSize = sizes.clamp(size) + "px";
}
module.exports = { setFontSize };
