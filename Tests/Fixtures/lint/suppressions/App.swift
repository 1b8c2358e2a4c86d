func install(_ c: WKUserContentController, _ h: Handler) {
    // hawser-ignore: unused-handler
    c.add(h, name: "nativeOnly")
    c.add(h, name: "alsoNativeOnly") // hawser-ignore: unused-handler
    c.add(h, name: "reported")
}
