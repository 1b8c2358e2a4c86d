export * as shapesAgain from "./shapes.js";
export { zebra as stripes, default as shapeDefault } from "./shapes.js";
