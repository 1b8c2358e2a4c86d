func install(_ c: WKUserContentController, _ h: H) {
    c.add(h, name: "reader")
    c.add(h, name: "settings")
}
