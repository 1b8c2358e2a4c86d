function f(value: unknown) {
  return <string>
    value;
}
function g(value: unknown) {
  return <string>value;
}
const make = () => <object>{ a: 1 };
<any>function () {}();
const fine = () => <object>({ a: 1 });
