func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "observer")
    c.add(h, name: "moduleScript")
    c.add(h, name: "afterString")
}
