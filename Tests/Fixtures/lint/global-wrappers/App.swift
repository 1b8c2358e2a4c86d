func install(_ c: WKUserContentController, _ h: Handler) {
    for name in ["bridge", "share", "log", "haptic", "print", "reader", "settings", "lifecycle", "idle", "local", "api", "reportFromA", "reportFromB"] {
        c.add(h, name: name)
    }
    c.addScriptMessageHandler(h, contentWorld: .page, name: "analytics")
}
