export const zebra = "zebra";
export function mango() {
  return "mango";
}
export let apple = "apple";
export default "the default";
