export const enabled = true;
export default "flags default";
