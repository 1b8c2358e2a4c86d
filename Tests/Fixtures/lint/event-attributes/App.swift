func install(_ controller: WKUserContentController, _ handler: WKScriptMessageHandler) {
    controller.add(handler, name: "observer")
    controller.add(handler, name: "log")
}
