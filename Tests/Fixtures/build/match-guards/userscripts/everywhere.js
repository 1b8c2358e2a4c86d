globalThis.ran.push("everywhere");
