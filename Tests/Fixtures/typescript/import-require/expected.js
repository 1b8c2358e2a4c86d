const fs = require("fs");

module.exports = fs.readFileSync;
