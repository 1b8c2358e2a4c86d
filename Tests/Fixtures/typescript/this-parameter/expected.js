function onClick(                   event       ) { return this.id + event.type; }
function only(            ) { return this; }
function last(a                     ) {}
const handler = function (              ...rest          ) {};
