// ==UserScript==
// @description Flow C: the page fires `imagechanged` with a success flag; forward its detail.
// ==/UserScript==
hawser.forwardEvent(window, "imagechanged", "imageChanged");
