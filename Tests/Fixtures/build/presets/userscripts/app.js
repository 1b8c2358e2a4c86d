console.log("after the presets");
