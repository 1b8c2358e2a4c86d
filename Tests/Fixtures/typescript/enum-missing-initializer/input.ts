enum Broken {
  A = "a",
  B,
}
enum AlsoBroken { X = compute(), Y }
