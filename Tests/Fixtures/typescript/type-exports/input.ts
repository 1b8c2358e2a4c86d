// Local names declared only as types, exported by name: erased as tsc elides them.
interface Options { name: string }
type Callback = () => void;
const version = 2;
function both() {}
interface both { extra: number }
export { Options, Callback as Handler, version, both };
export { type Options as Settings };
