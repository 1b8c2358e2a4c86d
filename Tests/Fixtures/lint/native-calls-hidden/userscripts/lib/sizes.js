exports.clamp = (size) => Math.min(32, Math.max(10, size));
