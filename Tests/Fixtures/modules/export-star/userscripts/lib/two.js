export const shared = "shared from two";
export const onlyTwo = "two";
export default "default of two";
