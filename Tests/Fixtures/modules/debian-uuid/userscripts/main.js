// uuid comes from Debian's node-uuid (/usr/share/nodejs/uuid), copied into node_modules at
// test time. Its `exports` sends a browser import to dist/esm-browser, whose v4 uses
// crypto.getRandomValues; only deterministic facts about random UUIDs are posted.
import { v4, v5, validate, version, NIL } from "uuid";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
const id = v4();
post([validate(id), version(id), id.length]);
post([validate("not-a-uuid"), validate(NIL), NIL]);
post(v5("hawser.example", v5.DNS));
post(v4() !== id);
