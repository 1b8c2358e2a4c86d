func install(_ controller: WKUserContentController, _ handler: Handler) {
    controller.add(handler, name: "observer")
    controller.add(handler, name: "legacyLogger")
}
