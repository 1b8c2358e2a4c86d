// A stand-in for the subset of WebKit that Hawser's generated Swift uses, written from Apple's
// documented signatures, so that its `#if canImport(WebKit)` part compiles and runs on Linux.
// Not a SwiftPM target: the tests compile it with `swiftc -emit-module -module-name WebKit`.
//
// Beyond Apple's API it records what it is asked to do (`log`, `javaScriptCalls`), lets a test
// post a message as a page script would (`post(name:body:world:frame:webView:)`), and, like
// WebKit, refuses a second handler of the same name in one world (recorded in `log` as an error
// instead of raising an Objective-C exception).
// Its cookie store completes `setCookie` later and out of order (see `WKHTTPCookieStore`), and
// `WKWebView.load(_:)` records the cookies stored when it was called.

import Foundation
// On Linux `HTTPCookie` and `URLRequest` live in FoundationNetworking; on Apple platforms
// `import WebKit` brings them with Foundation, so the stand-in re-exports them.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
#if canImport(UIKit)
import UIKit
#endif

public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0
    case atDocumentEnd = 1
}

@MainActor
open class WKContentWorld: NSObject {
    public let name: String?

    private init(name: String?) {
        self.name = name
        super.init()
    }

    private static var named: [String: WKContentWorld] = [:]

    open class var page: WKContentWorld { pageWorld }
    open class var defaultClient: WKContentWorld { defaultClientWorld }
    private static let pageWorld = WKContentWorld(name: nil)
    private static let defaultClientWorld = WKContentWorld(name: "defaultClient")

    /// The same object for the same name, as in WebKit.
    open class func world(name: String) -> WKContentWorld {
        if let world = named[name] { return world }
        let world = WKContentWorld(name: name)
        named[name] = world
        return world
    }

    /// How the stand-in's log writes the world.
    public var logName: String {
        self === WKContentWorld.page ? "page" : self === WKContentWorld.defaultClient ? "defaultClient" : "world:" + (name ?? "")
    }
}

@MainActor
open class WKUserScript: NSObject {
    open private(set) var source: String
    open private(set) var injectionTime: WKUserScriptInjectionTime
    open private(set) var isForMainFrameOnly: Bool
    /// Not public in WebKit; kept for the log.
    public let contentWorld: WKContentWorld

    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
        self.contentWorld = contentWorld
        super.init()
    }
}

@MainActor
open class WKSecurityOrigin: NSObject {
    open private(set) var `protocol`: String
    open private(set) var host: String
    open private(set) var port: Int

    /// WebKit has no public initializer; the stand-in needs one to make messages.
    public init(protocol scheme: String, host: String, port: Int) {
        self.protocol = scheme
        self.host = host
        self.port = port
        super.init()
    }
}

@MainActor
open class WKFrameInfo: NSObject {
    open private(set) var isMainFrame: Bool
    open private(set) var securityOrigin: WKSecurityOrigin

    public init(isMainFrame: Bool, securityOrigin: WKSecurityOrigin) {
        self.isMainFrame = isMainFrame
        self.securityOrigin = securityOrigin
        super.init()
    }
}

@MainActor
open class WKScriptMessage: NSObject {
    open private(set) var body: Any
    open private(set) var name: String
    open private(set) var frameInfo: WKFrameInfo
    open private(set) weak var webView: WKWebView?
    open private(set) var world: WKContentWorld

    public init(body: Any, name: String, frameInfo: WKFrameInfo, webView: WKWebView?, world: WKContentWorld) {
        self.body = body
        self.name = name
        self.frameInfo = frameInfo
        self.webView = webView
        self.world = world
        super.init()
    }
}

@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

@MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)
}

@MainActor
open class WKUserContentController: NSObject {
    open private(set) var userScripts: [WKUserScript] = []

    /// Every call, in order: `addUserScript …`, `add NAME in WORLD`, `addScriptMessageHandler …`,
    /// `remove …`, and `ERROR …` for what WebKit would refuse.
    public private(set) var log: [String] = []

    private enum Registered {
        case plain(any WKScriptMessageHandler)
        case withReply(any WKScriptMessageHandlerWithReply)
    }

    private var registered: [String: Registered] = [:]

    override public init() {
        super.init()
    }

    private func key(_ name: String, _ world: WKContentWorld) -> String { world.logName + "/" + name }

    open func addUserScript(_ userScript: WKUserScript) {
        userScripts.append(userScript)
        log.append("addUserScript \(userScript.injectionTime == .atDocumentStart ? "start" : "end") mainFrameOnly=\(userScript.isForMainFrameOnly) \(userScript.contentWorld.logName) \(userScript.source.count) characters")
    }

    open func removeAllUserScripts() {
        userScripts.removeAll()
        log.append("removeAllUserScripts")
    }

    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
        guard registered[key(name, world)] == nil else {
            log.append("ERROR add \(name) in \(world.logName): a handler of that name is already registered")
            return
        }
        registered[key(name, world)] = .plain(scriptMessageHandler)
        log.append("add \(name) in \(world.logName)")
    }

    open func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) {
        guard registered[key(name, contentWorld)] == nil else {
            log.append("ERROR addScriptMessageHandler \(name) in \(contentWorld.logName): a handler of that name is already registered")
            return
        }
        registered[key(name, contentWorld)] = .withReply(scriptMessageHandlerWithReply)
        log.append("addScriptMessageHandler \(name) in \(contentWorld.logName)")
    }

    open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        if registered.removeValue(forKey: key(name, contentWorld)) != nil {
            log.append("remove \(name) in \(contentWorld.logName)")
        }
    }

    open func removeAllScriptMessageHandlers() {
        registered.removeAll()
        log.append("removeAllScriptMessageHandlers")
    }

    /// The registered handlers, as `WORLD/NAME`, sorted.
    public var registeredHandlers: [String] { registered.keys.sorted() }

    public func clearLog() { log.removeAll() }

    /// Posts `body` to the handler `name` as `window.webkit.messageHandlers[name].postMessage(body)`
    /// would. A handler with reply gets a reply handler that records its answer in `replies`;
    /// returns false when no handler of that name is registered in `world`.
    @discardableResult
    public func post(name: String, body: Any, world: WKContentWorld = .page, frame: WKFrameInfo, webView: WKWebView?) -> Bool {
        let message = WKScriptMessage(body: body, name: name, frameInfo: frame, webView: webView, world: world)
        switch registered[key(name, world)] {
        case .plain(let handler):
            handler.userContentController(self, didReceive: message)
        case .withReply(let handler):
            handler.userContentController(self, didReceive: message) { [weak self] value, error in
                self?.replies.append((value, error))
            }
        case nil:
            return false
        }
        return true
    }

    /// What handlers with reply answered, in order.
    public var replies: [(value: Any?, errorMessage: String?)] = []
}

/// WebKit's cookie store, as far as the generated code uses it. Like WebKit, it completes
/// `setCookie` asynchronously; unlike a fast WebKit, always late and out of order: the calls made
/// in one main-actor turn are completed together `completionDelay` later, in the reverse of the
/// order they were made, one per main-actor turn, each cookie stored just before its completion
/// handler runs. A caller that loads before every completion has run loads without some cookie.
@MainActor
open class WKHTTPCookieStore: NSObject {
    /// The cookies stored, in the order they were stored (a cookie of the same name, domain and
    /// path replaces the one stored before).
    public private(set) var storedCookies: [HTTPCookie] = []
    /// `set NAME` when `setCookie` is called, `stored NAME` when it completes.
    public private(set) var log: [String] = []
    /// How long after the calls of one turn they complete.
    public var completionDelay: UInt64 = 20_000_000

    private var pending: [(cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)?)] = []

    /// WebKit has no public initializer: the store comes from `WKWebsiteDataStore.httpCookieStore`.
    override init() {
        super.init()
    }

    open func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        log.append("set \(cookie.name)")
        pending.append((cookie, completionHandler))
        guard pending.count == 1 else { return }
        let delay = completionDelay
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: delay)
            let calls = self.pending
            self.pending.removeAll()
            for call in calls.reversed() {
                await Task.yield()
                self.storedCookies.removeAll {
                    $0.name == call.cookie.name && $0.domain == call.cookie.domain && $0.path == call.cookie.path
                }
                self.storedCookies.append(call.cookie)
                self.log.append("stored \(call.cookie.name)")
                call.completionHandler?()
            }
        }
    }

    open func getAllCookies(_ completionHandler: @escaping @MainActor @Sendable ([HTTPCookie]) -> Void) {
        let cookies = storedCookies
        Task { @MainActor in completionHandler(cookies) }
    }

    /// The names of the stored cookies, sorted and joined by commas.
    public var storedNames: String { storedCookies.map(\.name).sorted().joined(separator: ",") }
}

@MainActor
open class WKWebsiteDataStore: NSObject {
    open private(set) var httpCookieStore = WKHTTPCookieStore()
    open private(set) var isPersistent: Bool

    private init(persistent: Bool) {
        isPersistent = persistent
        super.init()
    }

    private static let defaultStore = WKWebsiteDataStore(persistent: true)

    open class func `default`() -> WKWebsiteDataStore { defaultStore }

    /// A new store each time, as in WebKit.
    open class func nonPersistent() -> WKWebsiteDataStore { WKWebsiteDataStore(persistent: false) }
}

@MainActor
open class WKWebViewConfiguration: NSObject {
    open var websiteDataStore: WKWebsiteDataStore = .default()
    open var userContentController = WKUserContentController()

    override public init() {
        super.init()
    }
}

@MainActor
open class WKNavigation: NSObject {}

@MainActor
open class WKWebView: NSObject {
    open var allowsBackForwardNavigationGestures = true
    #if canImport(UIKit)
    public let scrollView = UIScrollView()
    #endif

    /// What `callAsyncJavaScript` was asked to run, in order.
    public private(set) var javaScriptCalls: [(functionBody: String, arguments: [String: Any], frame: WKFrameInfo?, world: WKContentWorld)] = []

    /// Every `load(_:)`: its URL and the names of the cookies stored in the web view's cookie
    /// store at that moment (what its first request would carry), sorted and joined by commas.
    public private(set) var loads: [(url: String, cookies: String)] = []

    private let configurationAtCreation: WKWebViewConfiguration

    override public convenience init() {
        self.init(frame: .zero, configuration: WKWebViewConfiguration())
    }

    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        configurationAtCreation = WKWebViewConfiguration()
        configurationAtCreation.websiteDataStore = configuration.websiteDataStore
        configurationAtCreation.userContentController = configuration.userContentController
        super.init()
    }

    /// A copy, as in WebKit, sharing the website data store and the user content controller.
    open var configuration: WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.websiteDataStore = configurationAtCreation.websiteDataStore
        copy.userContentController = configurationAtCreation.userContentController
        return copy
    }

    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? {
        loads.append((request.url?.absoluteString ?? "", configurationAtCreation.websiteDataStore.httpCookieStore.storedNames))
        return WKNavigation()
    }

    open func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        javaScriptCalls.append((functionBody, arguments, frame, contentWorld))
        completionHandler?(.success(NSNull()))
    }
}
