// Ambient declarations are erased whatever they hold.
import { NewTabPage } from "./page.js";
























                             ;




NewTabPage.prototype.mock = function () { return "mocked"; };
export const made = new NewTabPage().mock();
