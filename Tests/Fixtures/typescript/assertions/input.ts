const input = document.getElementById("input") as HTMLInputElement;
const fixed = [1, 2] as const;
const legacy = <number>(<unknown>"1");
const value = maybe!.deep!.value!;
element!.focus();
const nested = (input as any as { value: string }).value;
let x = y as unknown as string[];
