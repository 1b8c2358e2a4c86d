import { note } from "./log.js";
import { fromB, bHoisted } from "./b.js";

note("a");
export function aHoisted() {
  return "aHoisted";
}
export const aValue = "a saw " + fromB + " and " + bHoisted();
