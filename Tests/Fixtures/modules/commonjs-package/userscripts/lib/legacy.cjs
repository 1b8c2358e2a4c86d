const tally = require("tally");
const flags = require("./flags.js");

module.exports = {
  viaRequire: tally(10, 20),
  sameInstance: tally === require("tally"),
  esmKeys: Object.keys(flags).sort(),
  esmValues: [flags.enabled, flags.default],
};
