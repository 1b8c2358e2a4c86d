// refused at 3:9
"use strict";
var n = 010;
