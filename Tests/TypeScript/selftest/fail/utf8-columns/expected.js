let a       = "é"        ; let b = 1;
