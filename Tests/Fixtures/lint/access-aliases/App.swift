func install(_ c: WKUserContentController, _ h: Handler) {
    for name in ["viaWebkit", "viaHandlers", "viaSingle", "viaDestructuring", "viaRenamed", "viaKey", "blockScoped", "viaLocalWindow", "viaAssignedOnce", "first", "second"] {
        c.add(h, name: name)
    }
}
