func install(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: "observer")
    // everything.js runs in the defaultClient world (@world), which has its own handlers.
    c.add(h, contentWorld: .defaultClient, name: "observer")
}
