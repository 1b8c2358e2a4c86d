// accepted
var m = /(?<year>\d{4})-(?<month>\d{2})/u.exec("2026-12");
