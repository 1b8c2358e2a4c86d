import fs = require("fs");
import type Types = require("types");
export = fs.readFileSync;
