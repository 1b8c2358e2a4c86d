// What hand-written native handlers read from `message.body`: the native half of the payload
// check that needs no config (`NativePayloadChecker`). The native front ends fill these in; the
// JavaScript half is the payload literals of the uses.

/// The kind of value a native cast accepts, in the terms of what a script can post. WebKit turns
/// a posted value into a Foundation object: a string into `NSString`, a number or a boolean
/// into `NSNumber`, an object into `NSDictionary`, an array into `NSArray`.
enum BodyValueKind: String, Hashable, Sendable, Codable {
    /// `String`, `NSString`, `Substring`.
    case string
    /// `Int`, `Double`, `CGFloat`, `NSNumber`, `Bool`…: an `NSNumber` bridges to each of them
    /// for some values (a boolean is `NSNumber` too), so numbers and booleans are one kind here.
    case number
    /// `[String: Any]`, `NSDictionary`, `[String: T]`.
    case object
    /// `[Any]`, `NSArray`, `[T]`.
    case array
}

/// One read of a message body: `body["filePath"] as? String`, or `message.body as? String`
/// (`key` nil: the body itself).
struct BodyRead: Hashable, Sendable, Codable {
    var key: String?
    /// The kind the cast accepts; nil for `Any`, `AnyObject`, or a type no posted value bridges to
    /// knowably (`URL`, `Date`: never reported).
    var kind: BodyValueKind?
    /// The message is dropped (or the app traps) without it: a `guard let` or a force cast at
    /// the top level of the code that receives the message, with no earlier way out.
    var required: Bool
    /// The cast's type as written (`String`, `[String: Any]`), for messages.
    var typeText: String
    /// Where the subscript (or the `body` of `message.body`) is; for a decoded property, the
    /// property's declaration.
    var location: SourceLocation
    /// How the code reads it.
    var form: Form

    enum Form: String, Hashable, Sendable, Codable {
        /// A Swift cast (`as? String`), or an Objective-C read that checks nothing.
        case cast
        /// Decoding the body as a `Decodable` type.
        case decoded
        /// Objective-C's `isKindOfClass:` (its class is `typeText`).
        case classCheck
    }

    init(key: String?, kind: BodyValueKind?, required: Bool, typeText: String, location: SourceLocation, form: Form = .cast) {
        self.key = key
        self.kind = kind
        self.required = required
        self.typeText = typeText
        self.location = location
        self.form = form
    }

    /// The language of the code that reads it, for messages.
    var language: String {
        SourceFile.isObjectiveCSource(location.file) ? "Objective-C" : "Swift"
    }

    /// How a message says the code reads `subject` ("it", "the body"): "casts it to String",
    /// "decodes it as String", "checks that it is an NSString".
    func reading(_ subject: String) -> String {
        let type = typeText.isEmpty ? kind?.rawValue ?? "" : typeText
        switch form {
        case .cast: return "casts \(subject) to \(type)"
        case .decoded: return "decodes \(subject) as \(type)"
        case .classCheck: return "checks that \(subject) is \(Self.article(type)) \(type)"
        }
    }

    /// "an NSString", "an NSArray", "a CGFloat": a name that starts with an initialism
    /// (`NS`, `UI`) is read letter by letter.
    private static func article(_ word: String) -> String {
        let letters = Array(word.prefix(2))
        guard let first = letters.first else { return "a" }
        let initialism = letters.count == 2 && letters.allSatisfy(\.isUppercase)
        return (initialism ? "AEFHILMNORSX" : "AEIOU").contains(first) ? "an" : "a"
    }
}

/// The code that receives the messages of one handler class: its
/// `userContentController(_:didReceive:)` (or `…replyHandler:`), split by the names it
/// dispatches on.
struct MessageReceiver: Hashable, Sendable, Codable {
    /// The receiving type's qualified name (`ReadFileHandler`, `Outer.Inner`).
    var type: String
    /// Where the method is declared.
    var location: SourceLocation
    var branches: [Branch]
    /// The method hands the message to another handler's `userContentController(_:didReceive:)`
    /// (a weak proxy): the messages are received there.
    var forwards: Bool = false
    /// The method is the `…replyHandler:` one, which WebKit calls for a handler registered with
    /// reply (a type may have both).
    var replies: Bool = false
    /// For a closure that receives the messages of one handler (`webView.handle("resize") {
    /// message in … }`, where `handle` registers the name it is given): where that name is
    /// written, which is where its registration is. Nil for a `didReceive` method.
    var registeredAt: SourceLocation? = nil

    /// The reads of one stretch of the method: a `case` of `switch message.name`, the block of
    /// `if message.name == …`, the code after `guard message.name == … else`, or the method's
    /// code outside any of them (`names` nil).
    struct Branch: Hashable, Sendable, Codable {
        /// The names this branch receives; nil for the code outside every dispatch; empty when a
        /// name it dispatches on cannot be resolved (`default:` too): such a branch is never
        /// paired with a handler.
        var names: [String]?
        var reads: [BodyRead]
        /// The body is passed somewhere Hawser does not follow (a helper, `JSONSerialization`),
        /// so these reads may not be all of them.
        var escapes: Bool

        init(names: [String]?, reads: [BodyRead] = [], escapes: Bool = false) {
            self.names = names
            self.reads = reads
            self.escapes = escapes
        }
    }

    init(
        type: String, location: SourceLocation, branches: [Branch], forwards: Bool = false, replies: Bool = false,
        registeredAt: SourceLocation? = nil
    ) {
        self.forwards = forwards
        self.replies = replies
        self.registeredAt = registeredAt
        self.type = type
        self.location = location
        self.branches = branches
    }

    /// Whether this is the receiver of a handler object of type `name`, as a registration
    /// names it (unqualified, as `X()` writes it, or qualified).
    func isType(_ name: String) -> Bool {
        type == name || type.hasSuffix("." + name)
    }
}
