class Members {
  value = 1
  ;                     
  ["computed"]() { return 1; }
  more = 2
  ;               
  *generator() {}
  last = 3;
                         
  ["x"] = 4
  done = 5;
                          
  [Symbol.iterator]() {}
  other = 6
  ;                     
  [Symbol.toStringTag] = "members"
}
