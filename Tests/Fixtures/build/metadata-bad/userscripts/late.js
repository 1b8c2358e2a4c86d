console.log("document-end by default");
