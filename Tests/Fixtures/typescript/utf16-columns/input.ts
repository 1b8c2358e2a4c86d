// Erased text is blanked by UTF-16 unit: é is one, an astral character two.
const greeting: "héllo" | "wörld" = "héllo", size: number = 1;
let smile: "🙂" | "😀" = "🙂", after = size;
function pick(this: Window & { 名前: string }, x: "ü"): "ü" { return x; }
export const all = [greeting, size, smile, after, pick.call(window as any, "ü")];
declare const window: unknown;
