function sealed(target          ) {}
@sealed
class Sealed {
  @observed field = 1;
  method(@inject value        ) {}
}
