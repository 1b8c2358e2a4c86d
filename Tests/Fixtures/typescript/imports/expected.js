


import {             area } from "./shapes";
import {               } from "./side-effect";
import { circle              } from "./circle";
import Main, {              helper } from "./main";
import { type } from "./named-type";
console.log(area, circle, Main, helper, type);
