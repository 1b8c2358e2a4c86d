const c = {a: 1};
