const f = async <T>(x: T) => x;
const g = async <
  T,
>(x: T) => x;
