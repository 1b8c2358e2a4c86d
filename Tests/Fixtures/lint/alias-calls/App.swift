func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "log")
}
