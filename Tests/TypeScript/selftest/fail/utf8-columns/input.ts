let a: "é" = "é" as "é"; let b = 1;
