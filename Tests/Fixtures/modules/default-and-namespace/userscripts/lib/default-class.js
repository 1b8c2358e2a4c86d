export default class Point {
  constructor(x) {
    this.x = x;
  }
  double() {
    return this.x * 2;
  }
}
