// The driver SwiftBridgeGeneratorTests compiles with the generated `Bridge.swift`,
// `Messages.swift` and `EmptyBridge.swift` (the models of SwiftBridgeModels.swift) and the
// WebKit and UIKit stand-ins, then runs. It prints one `label => result` line per check; the
// tests compare them. Its arguments are files holding the expected text of each script.

import Foundation
import UIKit
import WebKit

// MARK: - Output

func text(_ value: Bridge.JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let bool): return String(bool)
    case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .string(let string): return "\"" + string + "\""
    case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
    case .object(let object): return "{" + object.keys.sorted().map { "\"\($0)\":" + text(object[$0] ?? .null) }.joined(separator: ",") + "}"
    }
}

func text(_ outcome: Bridge.DispatchOutcome) -> String {
    switch outcome {
    case .delivered: return "delivered"
    case .reply(let value): return "reply " + text(value)
    case .failure(let message): return "failure " + message
    }
}

/// Foundation values as the stand-in received them, written as JSON-like text.
func text(foundation value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case is NSNull: return "null"
    case let number as NSNumber:
        let isBool = number === NSNumber(value: true) || number === NSNumber(value: false)
        return isBool ? String(number.boolValue) : number.stringValue
    case let string as String: return "\"" + string + "\""
    case let array as [Any]: return "[" + array.map { text(foundation: $0) }.joined(separator: ",") + "]"
    case let dictionary as [String: Any]:
        return "{" + dictionary.keys.sorted().map { "\"\($0)\":" + text(foundation: dictionary[$0]) }.joined(separator: ",") + "}"
    default: return "?\(type(of: value))"
    }
}

func show(_ label: String, _ result: String) {
    print(label + " => " + result)
}

// MARK: - Handlers

struct ReadError: Error, CustomStringConvertible {
    let path: String
    var description: String { "no such file: \(path)" }
}

struct Refused: Error {}

@MainActor
final class App: Bridge.Handlers {
    var log: [String] = []

    func _2fa(_ payload: String) async throws -> Bool { payload == "123456" }

    func `default`(_ payload: Bridge.JSONValue) async { log.append("default " + text(payload)) }

    func echo(_ payload: Bridge.JSONValue) async throws -> Bridge.JSONValue { payload }

    func empty(_ payload: Bridge.EmptyPayload) async throws -> Bridge.EmptyReply { Bridge.EmptyReply() }

    func list(_ payload: Bridge.ListPayload) async throws -> Bridge.ListReply {
        [payload.map { Int($0.size) }, [payload.count]]
    }

    func myHandler(_ payload: Bridge.MyHandlerPayload) async {
        log.append("myHandler count=\(payload.count) flag=\(payload.flag.map(String.init) ?? "nil") ratio=\(payload.ratio.map { String($0) } ?? "nil") tags=\(payload.tags)")
    }

    func notificationName(_ payload: Bridge.NotificationNamePayload) async throws -> Bridge.NotificationNameReply {
        "shown " + payload.title
    }

    func readFile(_ payload: Bridge.ReadFilePayload) async throws -> Bridge.ReadFileReply {
        if payload.path == "missing" { throw ReadError(path: payload.path) }
        let summary = [
            payload.options.map { "encoding=\($0.encoding.rawValue) maxBytes=\($0.maxBytes.map(String.init) ?? "nil")" } ?? "no options",
            payload.items.map { "items=\($0.map { "\($0.name):\($0.size)" })" } ?? "no items",
            "default=\(payload.default ?? "nil") 2fa=\(payload._2fa.map(String.init) ?? "nil") self=\(payload.self2 ?? "nil")",
            "a_b=\(payload.aB ?? "nil") aB=\(payload.aB2 ?? "nil") string.x=\(payload.string.map { String($0.x) } ?? "nil")",
        ]
        return Bridge.ReadFileReply(
            text: summary.joined(separator: "; "), lines: [[1, 2], [3]], meta: payload.extra,
            mode: payload.options?.encoding == .base64 ? .slow : .fast)
    }

    func status(_ payload: Bridge.StatusPayload) async { log.append("status \(payload.rawValue)") }

    func throwing(_ payload: Bridge.ThrowingPayload) async throws -> Bridge.ThrowingReply { throw Refused() }
}

@MainActor
final class MessagesApp: Messages.Handlers {
    var log: [String] = []
    func log(_ payload: Messages.JSONValue) async { log.append("log") }
    func ping(_ payload: Messages.JSONValue) async { log.append("ping") }
}

// MARK: - Dispatcher

let app = App()

@MainActor
func dispatch(_ label: String, _ name: String, _ body: Any) async {
    show(label, text(await Bridge.dispatch(name: name, body: body, to: app)))
}

@MainActor
func dispatchSettle(_ label: String, _ name: String, _ body: Any) async {
    let (id, outcome) = await Bridge.dispatchWithSettleID(name: name, body: body, to: app)
    show(label, "id=\(id ?? "nil") " + text(outcome))
}

func object(_ pairs: [String: Any]) -> NSDictionary { NSDictionary(dictionary: pairs) }

let goodReadFile = object([
    "path": NSString(string: "a.txt"),
    "options": object(["encoding": NSString(string: "base64"), "max-bytes": NSNumber(value: 10)]),
    "items": NSArray(array: [object(["name": NSString(string: "x"), "size": NSNumber(value: 1.5)])]),
    "default": NSString(string: "d"),
    "2fa": true as NSNumber,
    "self": NSString(string: "me"),
    "a_b": NSString(string: "snake"),
    "aB": NSString(string: "camel"),
    "string": object(["x": NSNumber(value: 7)]),
    "extra": object(["k": NSNull(), "list": NSArray(array: [NSNumber(value: 1), NSNumber(value: false)])]),
    "unknown": NSString(string: "ignored"),
])
await dispatch("readFile.good", "readFile", goodReadFile)
await dispatch("readFile.swiftValues", "readFile", ["path": "b.txt", "options": ["encoding": "utf-16"], "2fa": false] as [String: Any])
await dispatch("readFile.nullOptionals", "readFile", object(["path": NSString(string: "c"), "options": NSNull(), "items": NSNull()]))
await dispatch("readFile.missingKey", "readFile", object([:]))
await dispatch("readFile.wrongType", "readFile", object(["path": NSNumber(value: 1)]))
await dispatch("readFile.notObject", "readFile", NSArray(array: [NSString(string: "a.txt")]))
await dispatch("readFile.nestedMissing", "readFile", object(["path": NSString(string: "a"), "options": object([:])]))
await dispatch("readFile.badEnum", "readFile", object(["path": NSString(string: "a"), "options": object(["encoding": NSString(string: "latin1")])]))
await dispatch("readFile.fraction", "readFile", object(["path": NSString(string: "a"), "options": object(["encoding": NSString(string: "utf8"), "max-bytes": NSNumber(value: 1.5)])]))
await dispatch("readFile.itemType", "readFile", object(["path": NSString(string: "a"), "items": NSArray(array: [
    object(["name": NSString(string: "a"), "size": NSNumber(value: 1)]),
    object(["name": NSString(string: "b"), "size": NSString(string: "big")]),
])]))
await dispatch("readFile.numberForBool", "readFile", object(["path": NSString(string: "a"), "2fa": NSNumber(value: 1)]))
await dispatch("readFile.nonIdentifierKeyPath", "readFile", object(["path": NSString(string: "a"), "string": object(["x": NSString(string: "7")])]))
await dispatch("readFile.throws", "readFile", object(["path": NSString(string: "missing")]))
await dispatch("readFile.unsupportedValue", "readFile", object(["path": NSString(string: "a"), "extra": object(["when": ReadError(path: "x")])]))

await dispatch("2fa.good", "2fa", NSString(string: "123456"))
await dispatch("2fa.wrong", "2fa", NSString(string: "000000"))
await dispatch("2fa.boolForString", "2fa", NSNumber(value: true))

let date = Date(timeIntervalSince1970: 1_714_564_800.25)
await dispatch("echo.values", "echo", object([
    "true": true as NSNumber, "falseNumber": NSNumber(value: false), "one": NSNumber(value: 1), "zero": NSNumber(value: 0),
    "swiftTrue": true, "swiftOne": 1, "half": NSNumber(value: 0.5), "null": NSNull(), "date": date as NSDate,
    "text": "naïve 👍🏽", "nested": NSArray(array: [NSArray(array: [NSNumber(value: 2)])]),
]))
await dispatch("echo.scalar", "echo", NSNumber(value: 3))

await dispatch("empty.good", "empty", object(["ignored": NSNumber(value: 1)]))
await dispatch("empty.notObject", "empty", NSString(string: "x"))

await dispatch("default.message", "default", NSNull())
await dispatch("myHandler.good", "my-handler", object(["count": NSNumber(value: 3), "flag": NSNumber(value: true), "tags": NSArray(array: ["a", "b"])]))
await dispatch("myHandler.boolForInt", "my-handler", object(["count": true as NSNumber, "tags": NSArray()]))
await dispatch("myHandler.tagType", "my-handler", object(["count": NSNumber(value: 3), "tags": NSArray(array: ["a", NSNumber(value: 2)])]))
await dispatch("status.good", "status", NSString(string: "off"))
await dispatch("status.empty", "status", NSString(string: ""))
await dispatch("status.bad", "status", NSString(string: "dim"))
show("messages.log", app.log.joined(separator: " | "))

await dispatchSettle("list.envelope", "list", object(["id": NSString(string: "abc"), "payload": NSArray(array: [
    object(["name": NSString(string: "a"), "size": NSNumber(value: 4)]),
    object(["name": NSString(string: "b"), "size": NSNumber(value: 5)]),
])]))
await dispatchSettle("list.badPayload", "list", object(["id": NSString(string: "def"), "payload": object([:])]))
await dispatchSettle("list.noEnvelope", "list", NSArray())
await dispatchSettle("list.numericId", "list", object(["id": NSNumber(value: 1), "payload": NSArray()]))
await dispatchSettle("list.missingPayload", "list", object(["id": NSString(string: "ghi")]))
await dispatchSettle("throwing.settle", "throwing", object(["id": NSString(string: "t1"), "payload": NSNull()]))
await dispatchSettle("notificationName.settle", "notification_name", object(["id": NSString(string: "n1"), "payload": object(["title": NSString(string: "Hi")])]))
await dispatchSettle("readFile.replyTransportHasNoSettleID", "readFile", object(["path": NSString(string: "a")]))
await dispatch("unknown", "nope", NSNull())

let messagesApp = MessagesApp()
show("messages.bridge", String(describing: await Messages.dispatch(name: "ping", body: NSString(string: "x"), to: messagesApp)) + " " + messagesApp.log.joined())

@MainActor final class Nobody: EmptyBridge.Handlers {}
show("empty.bridge", "\(EmptyBridge.Handler.allCases.count) \(EmptyBridge.scripts.count) \(String(describing: EmptyBridge.Handler(rawValue: "x")))")
show("empty.dispatch", String(describing: await EmptyBridge.dispatch(name: "x", body: NSNull(), to: Nobody())))

// MARK: - Origins

show("origin.default", Bridge.origin(protocol: "https", host: "App.Example.com", port: 443))
show("origin.port", Bridge.origin(protocol: "http", host: "localhost", port: 8080))
show("origin.zero", Bridge.origin(protocol: "https", host: "app.example.com", port: 0))
show("refusal.allowed", Bridge.refusal(for: .readFile, origin: "https://app.example.com", isMainFrame: false) ?? "nil")
show("refusal.defaultPortAndCase", Bridge.refusal(for: .readFile, origin: "HTTPS://APP.example.com:443", isMainFrame: true) ?? "nil")
show("refusal.evil", Bridge.refusal(for: .readFile, origin: "https://evil.example", isMainFrame: true) ?? "nil")
show("refusal.ownOrigins", Bridge.refusal(for: .echo, origin: "https://app.example.com", isMainFrame: true) ?? "nil")
show("refusal.ownOriginsAllowed", Bridge.refusal(for: .echo, origin: "https://other.example:8443", isMainFrame: true) ?? "nil")
show("refusal.subframe", Bridge.refusal(for: .notificationName, origin: "https://app.example.com", isMainFrame: false) ?? "nil")
show("refusal.noOrigins", Messages.refusal(for: .log, origin: "https://anything.example", isMainFrame: false) ?? "nil")

// MARK: - Scripts

let expectedScripts = CommandLine.arguments.dropFirst().map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
show("scripts", Bridge.scripts.enumerated().map { index, script in
    let same = index < expectedScripts.count && Data(script.source.utf8) == expectedScripts[index]
    return "\(script.name):\(script.injectionTime):\(script.mainFrameOnly):\(script.world):\(same)"
}.joined(separator: " "))

// MARK: - WebKit stand-in

/// Waits for the tasks the proxy started to finish.
func settleDown() async {
    for _ in 0..<20 { await Task.yield() }
}

let controller = WKUserContentController()
let webView = WKWebView()
let appFrame = WKFrameInfo(isMainFrame: true, securityOrigin: WKSecurityOrigin(protocol: "https", host: "app.example.com", port: 443))
let subframe = WKFrameInfo(isMainFrame: false, securityOrigin: WKSecurityOrigin(protocol: "https", host: "app.example.com", port: 443))
let evilFrame = WKFrameInfo(isMainFrame: true, securityOrigin: WKSecurityOrigin(protocol: "https", host: "evil.example", port: 0))

Bridge.install(into: controller, handlers: app)
show("install.log", controller.log.joined(separator: " | "))
show("install.handlers", controller.registeredHandlers.joined(separator: " "))
controller.clearLog()
Bridge.install(into: controller, handlers: app)
show("reinstall.log", controller.log.joined(separator: " | "))
show("reinstall.scripts", String(controller.userScripts.count))

controller.post(name: "readFile", body: object(["path": NSString(string: "a.txt")]), frame: appFrame, webView: webView)
controller.post(name: "readFile", body: object(["path": NSNumber(value: 1)]), frame: appFrame, webView: webView)
controller.post(name: "readFile", body: object(["path": NSString(string: "a.txt")]), frame: evilFrame, webView: webView)
controller.post(name: "2fa", body: NSString(string: "123456"), world: .world(name: "tools"), frame: appFrame, webView: webView)
await settleDown()
show("reply.results", controller.replies.map { "(\(text(foundation: $0.value)), \($0.errorMessage ?? "nil"))" }.joined(separator: " "))

app.log.removeAll()
controller.post(name: "my-handler", body: object(["count": NSNumber(value: 1), "tags": NSArray()]), frame: appFrame, webView: webView)
controller.post(name: "my-handler", body: object(["count": NSNumber(value: 2), "tags": NSArray()]), frame: evilFrame, webView: webView)
controller.post(name: "status", body: NSString(string: "on"), world: .defaultClient, frame: appFrame, webView: webView)
await settleDown()
show("message.results", app.log.joined(separator: " | "))

controller.post(name: "list", body: object(["id": NSString(string: "s1"), "payload": NSArray(array: [object(["name": NSString(string: "a"), "size": NSNumber(value: 2)])])]), frame: appFrame, webView: webView)
controller.post(name: "notification_name", body: object(["id": NSString(string: "s2"), "payload": object(["title": NSString(string: "T")])]), frame: subframe, webView: webView)
controller.post(name: "throwing", body: object(["id": NSString(string: "s3"), "payload": NSNull()]), world: .world(name: "tools"), frame: appFrame, webView: webView)
await settleDown()
for call in webView.javaScriptCalls {
    show("settle.call", "\(call.functionBody) args=\(text(foundation: call.arguments)) frameIsMain=\(call.frame.map { String($0.isMainFrame) } ?? "nil") world=\(call.world.logName)")
}

try await Bridge.emit("greeting", detail: .object(["text": .string("hi \"there\"")]), in: webView)
if let call = webView.javaScriptCalls.last {
    show("emit.call", "\(call.functionBody) args=\(text(foundation: call.arguments)) frame=\(call.frame == nil ? "nil" : "set") world=\(call.world.logName)")
}

controller.clearLog()
Bridge.uninstall(from: controller)
show("uninstall.handlers", "\(controller.registeredHandlers.count) scripts=\(controller.userScripts.count) removeAllUserScripts=\(controller.log.contains("removeAllUserScripts"))")

// The proxy holds the handlers weakly: once the app lets go of them, they are gone.
let weakController = WKUserContentController()
weak var released: App?
do {
    let temporary = App()
    released = temporary
    Bridge.install(into: weakController, handlers: temporary)
}
show("weak.released", String(released == nil))
weakController.post(name: "readFile", body: object(["path": NSString(string: "a")]), frame: appFrame, webView: webView)
await settleDown()
show("weak.reply", weakController.replies.map { "(\(text(foundation: $0.value)), \($0.errorMessage ?? "nil"))" }.joined(separator: " "))

// MARK: - Cookies before the first load

func loginCookie(_ name: String) -> HTTPCookie? {
    HTTPCookie(properties: [.name: name, .value: "v-" + name, .domain: "app.example.com", .path: "/"])
}

let loginCookies = ["session", "csrf", "locale"].compactMap(loginCookie)
let appURL = URL(fileURLWithPath: "/").deletingLastPathComponent()
let appRequest = URLRequest(url: URL(string: "https://app.example.com/") ?? appURL)

/// What a completion saw, and how often it ran.
@MainActor
final class CookieRecorder {
    var calls = 0
    var returned = false
    var ranBeforeReturn = false
}

/// Runs the main actor until `condition` holds, for at most about 5 s.
@MainActor
func waitUntil(_ condition: @MainActor () -> Bool) async {
    for _ in 0..<500 {
        if condition() { return }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
}

/// A web view made with a fresh non-persistent store, as an app makes it before its first load.
@MainActor
func cookieWebView() -> (WKWebViewConfiguration, WKWebView) {
    let configuration = WKWebViewConfiguration()
    configuration.websiteDataStore = .nonPersistent()
    return (configuration, WKWebView(frame: .zero, configuration: configuration))
}

@MainActor
func loadsText(_ webView: WKWebView) -> String {
    webView.loads.map { "[\($0.cookies)]" }.joined(separator: " ")
}

// The completion form: the load made in the completion sees every cookie.
do {
    let (configuration, webView) = cookieWebView()
    let recorder = CookieRecorder()
    Bridge.setCookies(loginCookies, in: configuration) {
        recorder.calls += 1
        recorder.ranBeforeReturn = !recorder.returned
        webView.load(appRequest)
    }
    recorder.returned = true
    let store = configuration.websiteDataStore.httpCookieStore
    show("cookies.completion.atReturn", "calls=\(recorder.calls) stored=[\(store.storedNames)]")
    await waitUntil { recorder.calls > 0 }
    try? await Task.sleep(nanoseconds: 100_000_000)
    show("cookies.completion", "calls=\(recorder.calls) beforeReturn=\(recorder.ranBeforeReturn) loads=\(loadsText(webView))")
    show("cookies.storeLog", store.log.joined(separator: " | "))
}

// The async form, through the web view's own configuration (a copy sharing the store).
do {
    let (_, webView) = cookieWebView()
    await Bridge.setCookies(loginCookies, in: webView.configuration)
    webView.load(appRequest)
    show("cookies.async", "loads=\(loadsText(webView))")
}

// No cookies: the completion still runs once, after setCookies returned.
do {
    let (configuration, _) = cookieWebView()
    let recorder = CookieRecorder()
    Bridge.setCookies([], in: configuration) {
        recorder.calls += 1
        recorder.ranBeforeReturn = !recorder.returned
    }
    recorder.returned = true
    await waitUntil { recorder.calls > 0 }
    try? await Task.sleep(nanoseconds: 50_000_000)
    show("cookies.empty", "calls=\(recorder.calls) beforeReturn=\(recorder.ranBeforeReturn)")
    await Bridge.setCookies([], in: configuration)
    show("cookies.emptyAsync", "returned")
}

// Two naive versions, written here against the same stand-in, lose the race it stages: the
// stand-in can tell a correct helper from these.
do {
    let (configuration, webView) = cookieWebView()
    let store = configuration.websiteDataStore.httpCookieStore
    for cookie in loginCookies { store.setCookie(cookie) }
    webView.load(appRequest)  // completion called after the loop
    show("cookies.naive.afterLoop", "loads=\(loadsText(webView))")
}
do {
    let (configuration, webView) = cookieWebView()
    let store = configuration.websiteDataStore.httpCookieStore
    let last = loginCookies.last
    for cookie in loginCookies {
        store.setCookie(cookie) {
            if cookie === last { webView.load(appRequest) }  // completion when the last call completes
        }
    }
    await waitUntil { !webView.loads.isEmpty }
    show("cookies.naive.lastCall", "loads=\(loadsText(webView))")
}

// MARK: - UIKit stand-in

let feelView = WKWebView()
Bridge.applyNativeFeel(to: feelView)
show("nativeFeel", "bounces=\(feelView.scrollView.bounces) swipe=\(feelView.allowsBackForwardNavigationGestures) zoomView=\(feelView.scrollView.delegate.map { $0.viewForZooming(in: feelView.scrollView) == nil ? "nil" : "view" } ?? "no delegate")")
show("done", "true")
