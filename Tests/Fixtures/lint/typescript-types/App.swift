func install(_ c: WKUserContentController, _ h: Handler) {
    c.addScriptMessageHandler(h, contentWorld: .page, name: "readFile")
    c.add(h, name: "log")
    c.add(h, name: "agreed")
}
