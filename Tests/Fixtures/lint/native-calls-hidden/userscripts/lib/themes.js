export function currentTheme() {
    return "light";
}
