// An awaited call with type arguments that hold a comma, inside an argument list or an array:
// the parser reads two comparisons there, TypeScript a call.



async function main()                {
  show(await load                        ("a"));
  show(1, await load                 ("b"), 2);
  const all = [await load                     ("c")];
  const one = await load                        ("d");
  show(all, one, (await load        ("e"))          (4));
}
