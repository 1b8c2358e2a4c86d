import answer from "./lib/default-expression.js";
import greet from "./lib/default-function.js";
import Point from "./lib/default-class.js";
import * as shapes from "./lib/shapes.js";
import { shapesAgain, stripes, shapeDefault } from "./lib/hub.js";

const post = (value) => window.webkit.messageHandlers.result.postMessage(value);
post(answer);
post(greet("pier"));
post(new Point(3).double());
// A namespace object's keys are its export names, sorted.
post(Object.keys(shapes));
post([shapes.default, shapes.apple, shapes.mango(), shapes.zebra]);
post(shapesAgain === shapes);
post([stripes, shapeDefault]);
