func install(_ c: WKUserContentController, _ h: H) {
    c.add(h, name: "observer")
    c.add(h, name: "pageReady")
}
