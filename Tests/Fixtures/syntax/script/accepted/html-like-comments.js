// accepted: HTML-like comments are comments in a classic script (Annex B)
var x = 1; <!-- the rest of this line is a comment
--> and so is this line
x += 1;
