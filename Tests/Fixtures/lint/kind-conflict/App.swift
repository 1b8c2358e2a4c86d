func install(_ c: WKUserContentController, _ h: Handler) {
    c.addScriptMessageHandler(h, contentWorld: .page, name: "save")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "log")
    c.addScriptMessageHandler(h, contentWorld: .page, name: "fetchUser")
}
