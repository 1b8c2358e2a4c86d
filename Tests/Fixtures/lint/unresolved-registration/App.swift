func makeName() -> String { UUID().uuidString }

func install(_ controller: WKUserContentController, _ handler: Handler, prefix: String) {
    controller.add(handler, name: makeName())
    controller.add(handler, name: "\(prefix)-observer")
    controller.add(handler, name: prefix)
    // Resolved: a literal.
    controller.add(handler, name: "observer")
}
