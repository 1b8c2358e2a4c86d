// lodash comes from Debian's node-lodash (/usr/share/nodejs/lodash), CommonJS, copied into
// node_modules at test time: the whole library through `main`, and one function's own file.
import _ from "lodash";
import chunk from "lodash/chunk.js";
import { sortBy } from "lodash";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post(_.chunk([1, 2, 3], 2));
post(chunk(["a", "b", "c", "d", "e"], 2));
post(sortBy([{ n: 3 }, { n: 1 }, { n: 2 }], "n"));
post(_.groupBy([1.2, 1.5, 2.1], Math.floor));
post([_.camelCase("hawser line"), _.kebabCase("HawserLine"), _.VERSION]);
