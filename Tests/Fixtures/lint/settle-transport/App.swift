func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "legacyRead")
    c.add(h, name: "modern")
}
