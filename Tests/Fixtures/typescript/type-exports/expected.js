// Local names declared only as types, exported by name: erased as tsc elides them.


const version = 2;
function both() {}

export {                               version, both };
export {                          };
