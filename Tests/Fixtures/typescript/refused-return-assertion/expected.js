function f(value         ) {
  return <string>
    value;
}
function g(value         ) {
  return         value;
}
const make = () => <object>{ a: 1 };
<any>function () {}();
const fine = () =>         ({ a: 1 });
