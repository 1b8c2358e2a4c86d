func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "ready")
    c.add(h, name: "print")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "fetchData")
    c.add(h, name: "share")
    c.add(h, name: "metrics")
    c.add(h, name: "local")
    c.add(h, name: "neverUsed")
}
