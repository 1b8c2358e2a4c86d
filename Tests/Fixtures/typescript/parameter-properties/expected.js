class Point { x; y;
  constructor(       x        ,                  y         = 0, z         ) { this.x = x; this.y = y;}
}
class Named extends Error { message; code;
  kind = "named";
  constructor(         message        ,           code         ) {
    super(message); this.message = message; this.code = code;
    console.log(this.code);
  }
}
class Override extends Named { message;
  constructor(                  message        ) { super(message, 1); this.message = message; }
}
class Plain {
  constructor(a        ) { console.log(a); }
}
