// refused at 3:1
"use strict";
with (a) {}
