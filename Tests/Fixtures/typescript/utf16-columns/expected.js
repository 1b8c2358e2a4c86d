// Erased text is blanked by UTF-16 unit: é is one, an astral character two.
const greeting                    = "héllo", size         = 1;
let smile              = "🙂", after = size;
function pick(                               x     )      { return x; }
export const all = [greeting, size, smile, after, pick.call(window       , "ü")];

