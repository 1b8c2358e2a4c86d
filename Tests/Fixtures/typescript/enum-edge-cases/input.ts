enum Empty {}
enum Trailing {
  /* first */ A = 1, // one
  B,
}
function scoped() {
  enum Inner { X = 2 }
  return Inner.X;
}
enum Multi {
  Sum = [1, 2]
    .length,
}
enum Merged { A = 1 }
enum Merged { B = 2 }
{
  enum Block { Y }
  enum Block { Z = 3 }
  console.log(Block.Z);
}
