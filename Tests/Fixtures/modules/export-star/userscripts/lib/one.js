export const shared = "shared from one";
export const onlyOne = "one";
export default "default of one";
