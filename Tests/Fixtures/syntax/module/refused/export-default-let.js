// refused at 3:16
import "./ok.js";
export default let
