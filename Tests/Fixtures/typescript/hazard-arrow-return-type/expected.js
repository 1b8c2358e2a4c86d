const f = (a
       ) => a + 1;
const g = async (
  b


) => b;
const h = (c)         => c;
