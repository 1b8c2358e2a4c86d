export const THEME = "theme";
