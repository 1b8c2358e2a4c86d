// refused at 3:3
if (location.hash) {
  return;
}
