async function run(path) {
  // Matches the schema: no finding.
  const text = await hawser.call("readFile", { filePath: path, encoding: "utf8" });
  // JS sends fileName while native reads filePath: caught at build time.
  const other = await hawser.call("readFile", { fileName: "notes.txt" });
  // Wrong literal kinds.
  const saved = await hawser.call("saveNote", { title: 1, body: "b", pinned: "yes", tags: ["a"] });
  return [text, other, saved];
}
