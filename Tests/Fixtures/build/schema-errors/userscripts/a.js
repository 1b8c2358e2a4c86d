hawser.post("ping", { at: "now" });
hawser.post("log", "text");
hawser.post("notjson", 1);
