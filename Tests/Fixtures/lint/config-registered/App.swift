final class Bridge {
    func install(_ c: WKUserContentController, _ h: H) {
        c.add(h, name: "observer")
        // Registered through a helper of another module, which no reading sees; hawser.json
        // lists the names under "registered".
        Plugins.registerAll(into: c)
    }

    func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {
        if message.name == "analytics" { return }      // declared: known
        if message.name == "Focus_1234" { return }     // matches the declared pattern
        if message.name == "analytcs" { return }       // still reported
    }
}
