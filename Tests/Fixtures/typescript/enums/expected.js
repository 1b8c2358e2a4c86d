var Color; (function (Color) { Color[Color["Red"] = 0] = "Red"; Color[Color["Green"] = 1] = "Green"; Color[Color["Blue"] = 2] = "Blue"; })(Color || (Color = {}));
var Status; (function (Status) {
  Status[Status["Active"] = 1] = "Active";
  Status[Status["Inactive"] = 2] = "Inactive"; // two
  Status[Status["Deleted"] = 10] = "Deleted";
  Status[Status["Archived"] = 11] = "Archived";
})(Status || (Status = {}));
var Text; (function (Text) { Text["Hello"] = "hello"; Text["World"] = "world"; })(Text || (Text = {}));
var Mixed; (function (Mixed) { Mixed[Mixed["A"] = 1] = "A"; Mixed["B"] = "b"; Mixed[Mixed["C"] = 3] = "C"; Mixed[Mixed["D"] = 4] = "D"; })(Mixed || (Mixed = {}));
export var Flags; (function (Flags) {
  Flags[Flags["None"] = 0] = "None";
  Flags[Flags["Read"] = 1] = "Read";
  Flags[Flags["Write"] = 2] = "Write";
  Flags[Flags["Both"] = 3] = "Both";
  Flags[Flags["Inverse"] = -4] = "Inverse";
  Flags[Flags["Negative"] = -2] = "Negative";
  Flags[Flags["Fraction"] = 3.5] = "Fraction";
  Flags[Flags["Power"] = 1024] = "Power";
  Flags[Flags["Modulo"] = 2] = "Modulo";
  Flags[Flags["Shifted"] = 15] = "Shifted";
  Flags[Flags["Xor"] = 6] = "Xor";
  Flags[Flags["ViaName"] = 3] = "ViaName";
})(Flags || (Flags = {}));
var Const; (function (Const) { Const[Const["One"] = 1] = "One"; Const[Const["Two"] = 2] = "Two"; })(Const || (Const = {}));
var Strings; (function (Strings) { Strings["Joined"] = "ab"; Strings["Template"] = "t"; Strings["Escaped"] = "quote\" and \\ and \n"; })(Strings || (Strings = {}));
var Computed; (function (Computed) {
  Computed[Computed["Len"] = "text".length] = "Len";
  Computed[Computed["Next"] = Computed.Len + 1] = "Next";
  Computed[Computed["Other"] = Math.max(Computed.Len, 2)          ] = "Other";
})(Computed || (Computed = {}));
var Quoted; (function (Quoted) { Quoted[Quoted["with space"] = 1] = "with space"; Quoted[Quoted["single"] = 2] = "single"; })(Quoted || (Quoted = {}));
var Special; (function (Special) { Special[Special["Inf"] = Infinity] = "Inf"; Special[Special["NotANumber"] = NaN] = "NotANumber"; Special[Special["Hex"] = 16] = "Hex"; Special[Special["Bin"] = 3] = "Bin"; Special[Special["Under"] = 1000] = "Under"; })(Special || (Special = {}));
console.log(Color.Red, Status.Archived, Text.Hello, Mixed.D, Flags.Both, Const.Two, Strings.Joined, Computed.Next, Quoted.single, Special.Hex);
