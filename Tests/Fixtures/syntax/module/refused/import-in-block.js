// refused at 3:10
export {};
{ import x from "./ok.js"; }
