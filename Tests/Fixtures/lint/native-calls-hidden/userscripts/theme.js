// An ES module entry: its top level is its own scope once bundled.
import { currentTheme } from "./lib/themes.js";

export function applyTheme(name) {
    document.documentElement.dataset.theme = name ?? currentTheme();
}
