function sealed(target: Function) {}
@sealed
class Sealed {
  @observed field = 1;
  method(@inject value: number) {}
}
