var Empty; (function (Empty) {})(Empty || (Empty = {}));
var Trailing; (function (Trailing) {
  /* first */ Trailing[Trailing["A"] = 1] = "A"; // one
  Trailing[Trailing["B"] = 2] = "B";
})(Trailing || (Trailing = {}));
function scoped() {
  var Inner; (function (Inner) { Inner[Inner["X"] = 2] = "X"; })(Inner || (Inner = {}));
  return Inner.X;
}
var Later; (function (Later) { Later[Later["A"] = Later.B] = "A"; Later[Later["B"] = 1] = "B"; })(Later || (Later = {}));
var Multi; (function (Multi) {
  Multi[Multi["Sum"] = [1, 2]
    .length] = "Sum";
})(Multi || (Multi = {}));
