// refused at 3:16
function load() {
  const text = await hawser.call("readFile", { path: "notes.txt" });
  return text;
}
load();
