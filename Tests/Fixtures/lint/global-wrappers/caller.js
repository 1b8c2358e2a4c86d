// A script without its own 'report' may reach either.
report({ from: "caller" });
