class Counter {
  static accessor count = 0;
}
