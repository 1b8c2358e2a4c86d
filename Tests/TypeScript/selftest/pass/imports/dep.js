console.log("dep evaluated");
export const b = "b";
export const unused = 1;
export default "d";
