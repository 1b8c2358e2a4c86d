const n: number = 1;
export const el = <div className="a">{n as number} text  here</div>;
const g = <T,>(x: T) => x;
