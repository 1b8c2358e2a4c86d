const config = { port: 80 }                                 ;
const nested = ({ a: 1 }                 )                 ;
console.log(config                  , nested);
