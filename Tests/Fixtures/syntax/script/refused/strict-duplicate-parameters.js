// refused at 2:20
function f(a, a) { "use strict"; }
