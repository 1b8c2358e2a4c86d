final class Bridge: NSObject, WKScriptMessageHandler {
    func install(_ c: WKUserContentController) {
        // Registered by the generated bridge already: WebKit would throw.
        c.add(self, name: "observer")
        // Not in the contract: checked as usual.
        c.add(self, name: "nativeOnly")
    }

    func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {
        switch message.name {
        case "readFile", "declaredOnly", "nativeOnly": break
        case "redFile": break
        default: break
        }
    }
}
