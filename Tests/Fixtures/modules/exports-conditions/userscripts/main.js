// condpkg's package.json `exports` lists `node` and `require` before `browser`, and nests
// `import` inside `browser`: a browser import resolves to browser-import.js, a browser
// require() to require.cjs. `main` is never used once `exports` is there.
import { target } from "condpkg";
import { feature } from "condpkg/features/alpha";
import { required } from "./lib/loader.cjs";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post(target);
post(feature);
post(required);
