func install(_ controller: WKUserContentController, _ handler: Handler) {
    controller.add(handler, name: "observer")
    controller.add(handler, name: "observer")
}

// Not duplicates: one per function, and one name in two content worlds.
func installAgain(_ controller: WKUserContentController, _ handler: Handler) {
    controller.add(handler, name: "observer")
}

func installInWorlds(_ controller: WKUserContentController, _ handler: Handler) {
    controller.add(handler, contentWorld: .page, name: "observer")
    controller.add(handler, contentWorld: .defaultClient, name: "observer")
}
