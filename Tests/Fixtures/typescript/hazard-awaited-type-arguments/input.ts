// An awaited call with type arguments that hold a comma, inside an argument list or an array:
// the parser reads two comparisons there, TypeScript a call.
declare function load<T, U = void>(key: string): Promise<T>;
declare function show(...values: unknown[]): void;

async function main(): Promise<void> {
  show(await load<Record<string, number>>("a"));
  show(1, await load<string, boolean>("b"), 2);
  const all = [await load<Map<string, number>>("c")];
  const one = await load<Record<string, number>>("d");
  show(all, one, (await load<number>("e")) < 2, 3 > (4));
}
