function f(value: unknown) {
  return <string>
    value;
}
function g(value: unknown) {
  return <string>value;
}
