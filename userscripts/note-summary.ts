// ==UserScript==
// @description Flow J, in TypeScript: read a note through `readFile`, post a typed summary of it.
// ==/UserScript==

// The declarations come from the generated output/Bridge.d.ts (tsconfig.json, next to this file,
// includes it): `hawser.call("readFile", { path: 1 })` would be a type error at `path`, and the
// reply is a string. Hawser strips the types and compiles the enum; the script runs as JavaScript.

/** How long a note is. */
enum NoteLength {
  Empty = "empty",
  Short = "short",
  Long = "long",
}

// A type alias, not an interface: it is posted, and only a type with an implicit index signature
// (an alias of an object type) is assignable to the JSONValue that `stateSync` takes.
/** What the script makes of a note. */
type NoteSummary = {
  path: string;
  lines: number;
  words: number;
  length: NoteLength;
};

/** Up to this many words, a note is short. */
const shortNoteWords: number = 20;

function summarize(path: string, text: string): NoteSummary {
  const words: string[] = text.split(/\s+/).filter((word: string) => word.length > 0);
  const lines: number = text === "" ? 0 : text.split("\n").length;
  let length: NoteLength = NoteLength.Long;
  if (words.length === 0) length = NoteLength.Empty;
  else if (words.length <= shortNoteWords) length = NoteLength.Short;
  return { path, lines, words: words.length, length };
}

/**
 * Reads `path` (relative to the app's documents folder) through native's `readFile`, posts
 * `{ note: summary }` to `stateSync`, and returns the summary. Rejects as `hawser.call` does,
 * with nothing posted.
 */
async function summarizeNote(path: string): Promise<NoteSummary> {
  const text: string = await hawser.call("readFile", { path }, { timeoutMs: 5000 });
  const summary: NoteSummary = summarize(path, text);
  // A variable, not an object literal in the call: Hawser infers a handler's payload type from
  // literals, and `stateSync` carries the page's whole state (JSONValue), not only notes.
  const state: { note: NoteSummary } = { note: summary };
  hawser.post("stateSync", state);
  return summary;
}

interface Window {
  /** Flow J's entry point, for the app and the end-to-end tests. */
  summarizeNote(path: string): Promise<NoteSummary>;
}

window.summarizeNote = summarizeNote;
