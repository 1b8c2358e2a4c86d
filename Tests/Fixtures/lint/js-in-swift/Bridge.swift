import WebKit

enum Names {
    static let debug = "debugLog"
}

final class Bridge: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "logError")
        controller.add(self, name: Names.debug)
        controller.add(self, name: "ping")
        controller.add(self, name: "pong")
        controller.add(self, contentWorld: .defaultClient, name: "debugOnly")

        // A multi-line literal injected into the page world.
        controller.addUserScript(WKUserScript(source: """
            window.onerror = function (message) {
                window.webkit.messageHandlers.logError.postMessage({ message: message });
                window.webkit.messageHandlers.\(Names.debug).postMessage("error");
                window.webkit.messageHandlers.debugOnly.postMessage("page world: not there");
            };
            """, injectionTime: .atDocumentStart, forMainFrameOnly: false, in: .page))

        // A variable holding the source, injected into the client world: debugOnly exists there.
        let isolated = """
            webkit.messageHandlers.debugOnly.postMessage(1);
            """
        controller.addUserScript(WKUserScript(source: isolated, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .defaultClient))

        // Escapes before the use keep its column exact.
        let oneLine = "var s = \"x\\y\"; window.webkit.messageHandlers.pong.postMessage(s);"
        let misspelt = "window.webkit.messageHandlers.pnig.postMessage(1);"
        // A fragment is not a syntax error; an interpolation that cannot be resolved is dynamic.
        let fragment = "window.webkit.messageHandlers.logError.postMessage("
        let computed = "window.webkit.messageHandlers.\(UUID().uuidString).postMessage(1);"
        _ = [oneLine, misspelt, fragment, computed]
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
