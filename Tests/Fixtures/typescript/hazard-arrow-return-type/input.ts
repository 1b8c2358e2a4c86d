const f = (a: number):
  number => a + 1;
const g = async (
  b: string
): Promise<
  string
> => b;
const h = (c): string => c;
