export let count = 0;
export function increment() {
  count += 1;
}
export { count as total };
