

function parse(text                 )         {
  return Number(text);
}


export function format(value         )         { return String(value); }
class Formatter {


  format(value         )         { return String(value); }
}
