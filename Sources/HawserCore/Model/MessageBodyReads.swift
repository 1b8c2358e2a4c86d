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
    /// Read by decoding the body as a `Decodable` type, not by a cast.
    var decoded: Bool

    init(key: String?, kind: BodyValueKind?, required: Bool, typeText: String, location: SourceLocation, decoded: Bool = false) {
        self.key = key
        self.kind = kind
        self.required = required
        self.typeText = typeText
        self.location = location
        self.decoded = decoded
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

    init(type: String, location: SourceLocation, branches: [Branch], forwards: Bool = false) {
        self.forwards = forwards
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
