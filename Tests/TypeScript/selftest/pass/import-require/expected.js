const  fs = require("node:fs");
                                    
const kind         = typeof fs.readFileSync;
module.exports = kind;
