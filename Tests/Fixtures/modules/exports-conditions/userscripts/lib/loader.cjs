exports.required = require("condpkg").target;
