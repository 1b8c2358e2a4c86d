export const shared = "one";
