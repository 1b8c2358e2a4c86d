const n         = 1;
export const el = <div className="a">{n          } text  here</div>;
const g =     (x   ) => x;
