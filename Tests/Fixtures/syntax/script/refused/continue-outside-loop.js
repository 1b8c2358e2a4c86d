// refused at 2:22
switch (x) { case 1: continue; }
