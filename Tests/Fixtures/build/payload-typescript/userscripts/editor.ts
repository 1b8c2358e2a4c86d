// Types written for the runtime's payloads and replies become the bridge's Swift types.
interface ReadFileRequest {
  path: string;
  encoding?: "utf8" | "latin1";
  maxBytes: number | null;
}

type Heading = { title: string; level: number };

interface Settings {
  theme: "light" | "dark";
  fontSize: number;
  lineNumbers: boolean;
}

type AnalyticsEvent = {
  name: string;
  // An index signature: any JSON value.
  props?: { [key: string]: string };
};

async function readFile(request: ReadFileRequest): Promise<string> {
  return await hawser.call("readFile", request);
}

async function headings(): Promise<void> {
  const items: Heading[] = await hawser.call("outline", { depth: 2 });
  console.log(items.length);
}

function save(): void {
  hawser.post("saveSettings", { theme: "dark", fontSize: 14, lineNumbers: true } as Settings);
}

function track(name: string): void {
  const event = { name };
  hawser.post("track", event as AnalyticsEvent);
}

readFile({ path: "notes.txt", maxBytes: null }).then(headings).then(save);
track("open");
