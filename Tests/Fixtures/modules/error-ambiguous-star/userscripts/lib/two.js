export const shared = "two";
