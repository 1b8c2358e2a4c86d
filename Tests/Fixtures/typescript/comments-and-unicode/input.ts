// é types: not erased in comments
const greeting: "héllo" | "wörld" = "héllo"; /* inline: type */
type Émoji = "🙂";
let ok: Émoji = "🙂";
