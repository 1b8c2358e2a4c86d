// é types: not erased in comments
const greeting                    = "héllo"; /* inline: type */

let ok        = "🙂";
