// A conflicting kind at one key falls back to any JSON value, with a warning at both sites.
hawser.post("mixed", { value: 42 });
hawser.post("opaque", someVariable);
