final class Bridge: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "observer")
        controller.add(self, name: "readFile")
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        if message.name == "obsrever" { return }
        if "observer" == message.name { return }
        switch message.name {
        case "readFile", "writeFile":
            break
        default:
            break
        }
    }
}
