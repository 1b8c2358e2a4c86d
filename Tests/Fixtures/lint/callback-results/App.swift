func install(_ controller: WKUserContentController, _ handler: Handler) {
    controller.add(handler, name: "log")
    controller.addScriptMessageHandler(handler, contentWorld: .page, name: "read")
}
