// Required by b-middle, so it comes before it despite its name.
