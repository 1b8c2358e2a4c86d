import fs = require("node:fs");
import type { Stats } from "node:fs";
const kind: string = typeof fs.readFileSync;
export = kind;
