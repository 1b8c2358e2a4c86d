var Later; (function (Later) { Later[Later["A"] = Later.B] = "A"; Later[Later["B"] = 1] = "B"; })(Later || (Later = {}));
var Fine; (function (Fine) { Fine[Fine["X"] = "x".length] = "X"; Fine[Fine["Y"] = Fine.X * 2] = "Y"; })(Fine || (Fine = {}));
