func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "observer")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "count")
    c.add(h, name: "mixed")
    c.add(h, name: "opaque")
    c.add(h, name: "progress")
}
