// A written type that is not the schema's: the schema wins, and the type is reported.
interface ReadFileRequest {
  path: number;
}

async function read(request: ReadFileRequest): Promise<string> {
  return await hawser.call("readFile", request);
}

// Two written types for one handler: the payload is inferred from the literals instead.
function info(line: { text: string }): void {
  hawser.post("log", line);
}
function count(entry: { text: string; count: number }): void {
  hawser.post("log", entry);
}

// One written type, the same at every call: no report.
type Ping = { at: number };
function ping(value: Ping): void {
  hawser.post("agreed", value);
}
function pingAgain(value: Ping): void {
  hawser.post("agreed", value);
}

read({ path: 1 }).then(() => { info({ text: "a" }); count({ text: "b", count: 2 }); ping({ at: 1 }); pingAgain({ at: 2 }); });
