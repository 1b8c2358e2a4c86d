import "./input.js";
