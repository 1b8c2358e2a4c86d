var a = 1;)
