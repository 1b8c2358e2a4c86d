// refused at 3:3
if (x) {
  break;
}
