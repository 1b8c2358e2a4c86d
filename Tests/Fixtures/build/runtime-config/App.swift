func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "slowRead")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "fastRead")
    c.add(h, name: "telemetry")
}
