import WebKit

final class Notes: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        // Misspelt here: Swift's own switch below spells it as the script does.
        controller.add(self, name: "readFil")
        // Misspelt here: two scripts spell it alike, and Swift nowhere else.
        controller.add(self, name: "openTa")
        // Two scripts spell it alike, but so does Swift's switch: either side may be wrong.
        controller.add(self, name: "saveNot")
        // Either side may be wrong: the error stays at the script and names this line.
        controller.add(self, name: "logHandler")
        controller.add(self, name: "ready")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        switch message.name {
        case "readFile": print("read")
        case "saveNot": print("save")
        default: break
        }
    }
}
