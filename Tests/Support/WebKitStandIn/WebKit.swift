// A stand-in for the subset of WebKit that Hawser's generated Swift uses, written from Apple's
// documented signatures, so that its `#if canImport(WebKit)` part compiles and runs on Linux.
// Not a SwiftPM target: the tests compile it with `swiftc -emit-module -module-name WebKit`.
//
// Beyond Apple's API it records what it is asked to do (`log`, `javaScriptCalls`), lets a test
// post a message as a page script would (`post(name:body:world:frame:webView:)`), and, like
// WebKit, refuses a second handler of the same name in one world (recorded in `log` as an error
// instead of raising an Objective-C exception).

import Foundation
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

@MainActor
open class WKWebView: NSObject {
    open var allowsBackForwardNavigationGestures = true
    #if canImport(UIKit)
    public let scrollView = UIScrollView()
    #endif

    /// What `callAsyncJavaScript` was asked to run, in order.
    public private(set) var javaScriptCalls: [(functionBody: String, arguments: [String: Any], frame: WKFrameInfo?, world: WKContentWorld)] = []

    override public init() {
        super.init()
    }

    open func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        javaScriptCalls.append((functionBody, arguments, frame, contentWorld))
        completionHandler?(.success(NSNull()))
    }
}
