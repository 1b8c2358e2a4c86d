import type { Options } from "./options";
import type Default from "./default";
import type * as Everything from "./everything";
import { type Shape, area } from "./shapes";
import { type OnlyType } from "./side-effect";
import { circle, type Circle } from "./circle";
import Main, { type Helper, helper } from "./main";
import { type } from "./named-type";
console.log(area, circle, Main, helper, type);
