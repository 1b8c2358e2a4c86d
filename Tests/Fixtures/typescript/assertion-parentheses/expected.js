const el =  document.body                .style;
const first =            list [0];
const called =  handler             (1);
 this        .value = 1;
const kept = (a?.b       ).c;
const num = (1          ).toFixed(2);
const made = new (factory()       )();
const sum =  a            +  b           ;
const both =   x              .z;
const bang =  maybe           .run();
const plain = (a).b;
function spans() {
  return (
    value
  ).field;
}
const built = new (make().Thing       ).Inner();
const chained =  make()        .Thing;
