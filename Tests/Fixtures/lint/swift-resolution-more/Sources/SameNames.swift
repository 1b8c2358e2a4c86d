import WebKit

/// Two types nest an enum of the same name; each registration reads its own.
final class ReaderFeature: NSObject, WKScriptMessageHandler {
    enum JSHandlers: String, CaseIterable { case readerScroll }

    func install(_ controller: WKUserContentController) {
        JSHandlers.allCases.forEach { controller.add(self, name: $0.rawValue) }
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

final class PlayerFeature: NSObject, WKScriptMessageHandler {
    enum JSHandlers: String, CaseIterable { case playerState }

    func install(_ controller: WKUserContentController) {
        JSHandlers.allCases.forEach { controller.add(self, name: $0.rawValue) }
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}

/// A generic helper reads a static requirement through its type parameter.
protocol Feature { static var channel: String { get } }
struct Maps: Feature { static let channel = "maps" }
struct Photos: Feature { static let channel = "photos" }

func install<T: Feature>(_ feature: T.Type, into controller: WKUserContentController, handler: WKScriptMessageHandler) {
    controller.add(handler, name: T.channel)
}

extension Feature {
    static var debugChannel: String { channel + "Debug" }
}
