// refused at 4:3
class A {
  constructor() {}
  constructor() {}
}
