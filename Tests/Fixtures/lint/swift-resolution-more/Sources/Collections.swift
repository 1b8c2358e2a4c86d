import WebKit

final class Collector: NSObject, WKScriptMessageHandler {
    static var defaults: Set<String> = ["alpha", "beta"]
    lazy var extra: [String] = ["gamma"]
    private var names: [String] = []
    let routes = ["route.open": "openRoute", "route.close": "closeRoute"]

    func prepare() {
        names.append("delta")
        names.append(contentsOf: ["epsilon", "zeta"])
        names.insert("eta", at: 0)
        names += Self.defaults.sorted()
    }

    func install(_ controller: WKUserContentController) {
        for name in names + extra {
            controller.add(self, name: name)
        }
        // Dictionary values, not keys, are the names here.
        for (_, handler) in routes {
            controller.add(self, name: handler)
        }
        // Built at runtime around a constant part: a pattern, paired with 'session_restore'.
        let token = UUID().uuidString
        controller.add(self, name: "session_" + token)
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
