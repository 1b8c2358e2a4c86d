public enum Hawser { public static let version = "0.1.0" }
