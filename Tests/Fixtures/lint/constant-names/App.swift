func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "observer")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "readFile")
}
