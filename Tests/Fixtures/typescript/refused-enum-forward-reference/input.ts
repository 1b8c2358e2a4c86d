enum Later { A = B, B = 1 }
enum Fine { X = "x".length, Y = X * 2 }
