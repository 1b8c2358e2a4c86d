const f = async    (x   ) => x;
const g = async

 (x   ) => x;
