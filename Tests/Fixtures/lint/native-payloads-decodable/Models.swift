import Foundation

struct OpenRequest: Decodable {
    let filePath: String
    let line: Int?
}

struct RenameRequest: Codable {
    var newTitle: String
    var force: Bool

    enum CodingKeys: String, CodingKey {
        case newTitle = "title"
        case force
    }
}

enum Theme: String, Decodable {
    case light, dark
}

/// Sent in full, a coding key honoured, an optional and a defaulted property unsent: no report.
struct StyleRequest: Decodable {
    let theme: Theme
    let fontSize: Double
    var lineHeight: Double?
    var animated: Bool = true
}

/// Its own init(from:): what it decodes is not followed.
struct CustomRequest: Decodable {
    let id: String
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        id = try container.decode(String.self)
    }
}
