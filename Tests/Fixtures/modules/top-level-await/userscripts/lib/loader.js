export const ready = await Promise.resolve("ready");
export async function load(n) {
  await null;
  return n * 2;
}
