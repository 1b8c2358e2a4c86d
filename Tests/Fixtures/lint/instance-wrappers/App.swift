func install(_ c: WKUserContentController, _ h: Handler) {
    for name in ["ping", "refresh", "status", "static", "field", "newed"] {
        c.add(h, name: name)
    }
    c.addScriptMessageHandler(h, contentWorld: .page, name: "initialSetup")
}
