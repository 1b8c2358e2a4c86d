class Box    { content;
  constructor(       content   ) { this.content = content;}
}
export const b = new Box(1);
