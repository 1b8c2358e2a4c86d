// accepted
try { a?.b?.(); } catch { }
var v = a?.[0] ?? b;
