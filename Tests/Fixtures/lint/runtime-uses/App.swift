func install(_ c: WKUserContentController, _ h: Handler) {
    c.addScriptMessageHandler(h, contentWorld: .page, name: "readFile")
    c.add(h, name: "observer")
    c.add(h, name: "noReply")
}
