func install(_ c: WKUserContentController, _ h: Handler) {
    for name in ["a", "b", "c", "d", "e", "f", "g-h", "i"] {
        c.add(h, name: name)
    }
}
