func install(_ controller: WKUserContentController, _ handler: WKScriptMessageHandler) {
    controller.add(handler, name: "readFileHandler")
    controller.add(handler, name: "observer")
}
