var Empty; (function (Empty) {})(Empty || (Empty = {}));
var Trailing; (function (Trailing) {
  /* first */ Trailing[Trailing["A"] = 1] = "A"; // one
  Trailing[Trailing["B"] = 2] = "B";
})(Trailing || (Trailing = {}));
function scoped() {
  let Inner; (function (Inner) { Inner[Inner["X"] = 2] = "X"; })(Inner || (Inner = {}));
  return Inner.X;
}
var Multi; (function (Multi) {
  Multi[Multi["Sum"] = [1, 2]
    .length] = "Sum";
})(Multi || (Multi = {}));
var Merged; (function (Merged) { Merged[Merged["A"] = 1] = "A"; })(Merged || (Merged = {}));
(function (Merged) { Merged[Merged["B"] = 2] = "B"; })(Merged || (Merged = {}));
{
  let Block; (function (Block) { Block[Block["Y"] = 0] = "Y"; })(Block || (Block = {}));
  (function (Block) { Block[Block["Z"] = 3] = "Z"; })(Block || (Block = {}));
  console.log(Block.Z);
}
