var Broken; (function (Broken) {
  Broken["A"] = "a";
  Broken[Broken["B"] = void 0] = "B";
})(Broken || (Broken = {}));
var AlsoBroken; (function (AlsoBroken) { AlsoBroken[AlsoBroken["X"] = compute()] = "X"; AlsoBroken[AlsoBroken["Y"] = void 0] = "Y"; })(AlsoBroken || (AlsoBroken = {}));
