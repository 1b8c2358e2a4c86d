import WebKit

final class Web: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "ready")
        // A resource by literal name: injected at document start, main frame only.
        let url = Bundle.main.url(forResource: "early", withExtension: "js")!
        controller.addUserScript(WKUserScript(source: try! String(contentsOf: url), injectionTime: .atDocumentStart, forMainFrameOnly: true))
    }

    // Through a path, in another world: as framed.js's metadata says.
    var framed: WKUserScript {
        let path = Bundle.main.path(forResource: "framed", ofType: "js")!
        let source = try! String(contentsOfFile: path)
        return WKUserScript(source: source, injectionTime: .atDocumentEnd, forMainFrameOnly: false, in: .defaultClient)
    }

    // Each of a list: as the config and the metadata block say.
    static let listed: [WKUserScript] = {
        let names = ["configured", "agreeing"]
        return names.map { name in
            let url = Bundle.main.url(forResource: name, withExtension: ".js")!
            return WKUserScript(source: try! String(contentsOf: url), injectionTime: .atDocumentStart, forMainFrameOnly: true)
        }
    }()

    // A literal source is no file.
    let literal = WKUserScript(source: "window.early = 1", injectionTime: .atDocumentEnd, forMainFrameOnly: false)

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
}
