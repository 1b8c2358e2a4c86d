// refused at 2:15
label: label: x;
