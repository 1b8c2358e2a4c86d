export const order = [];
export function note(step) {
  order.push(step);
}
