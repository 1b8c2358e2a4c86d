func install(_ c: WKUserContentController, _ h: Handler) {
    c.addScriptMessageHandler(h, contentWorld: .page, name: "readFile")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "outline")
    c.add(h, name: "saveSettings")
    c.add(h, name: "track")
}
