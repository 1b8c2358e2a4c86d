import { note } from "./log.js";
import { aHoisted } from "./a.js";

// a.js has not run yet, but its function declaration exists already.
note("b calls " + aHoisted());
export const fromB = "fromB";
export function bHoisted() {
  return "bHoisted";
}
