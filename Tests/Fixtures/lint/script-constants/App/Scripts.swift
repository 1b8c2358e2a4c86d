import WebKit

let globalSource = "window.webkit.messageHandlers.clientOnly.postMessage('global');"

enum Sources {
    static let shared = "window.webkit.messageHandlers.clientOnly.postMessage('shared');"
}

final class ScriptInstaller: NSObject {
    static let pageSource = """
        window.webkit.messageHandlers.clientOnly.postMessage("page");
        window.webkit.messageHandlers.pageHandler.postMessage("fine");
        """
    let instanceSource = "window.webkit.messageHandlers.clientOnly.postMessage('instance');"
    static let clientSource = "window.webkit.messageHandlers.clientOnly.postMessage('client');"
    static let misspelt = "window.webkit.messageHandlers.pageHandlr.postMessage('typo');"

    func install(into controller: WKUserContentController) {
        controller.add(self, contentWorld: .defaultClient, name: "clientOnly")
        controller.add(self, contentWorld: .page, name: "pageHandler")
        controller.addUserScript(WKUserScript(source: Self.pageSource, injectionTime: .atDocumentStart, forMainFrameOnly: false, in: .page))
        controller.addUserScript(WKUserScript(source: ScriptInstaller.clientSource, injectionTime: .atDocumentStart, forMainFrameOnly: false, in: .defaultClient))
        controller.addUserScript(WKUserScript(source: instanceSource, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page))
        controller.addUserScript(WKUserScript(source: self.instanceSource, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page))
        controller.addUserScript(WKUserScript(source: Sources.shared, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page))
        controller.addUserScript(WKUserScript(source: globalSource, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page))
        controller.addUserScript(WKUserScript(source: Self.misspelt, injectionTime: .atDocumentEnd, forMainFrameOnly: true, in: .page))
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
}
