function f(value         ) {
  return <string>
    value;
}
function g(value         ) {
  return         value;
}
