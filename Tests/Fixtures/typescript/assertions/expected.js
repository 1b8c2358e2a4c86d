const input = document.getElementById("input")                    ;
const fixed = [1, 2]         ;
const legacy =         (         "1");
const value = maybe .deep .value ;
element .focus();
const nested =  input                             .value;
let x = y                       ;
