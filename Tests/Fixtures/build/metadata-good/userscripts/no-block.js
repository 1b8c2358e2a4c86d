console.log("defaults: document-end, all frames, page world");
