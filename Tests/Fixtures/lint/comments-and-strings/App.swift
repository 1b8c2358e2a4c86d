// controller.add(self, name: "inSwiftLineComment")
/* controller.add(self, name: "inSwiftBlockComment") /* nested */ controller.add(self, name: "stillComment") */
let code = "controller.add(self, name: \"inSwiftString\")"
let multi = """
    controller.add(self, name: "inMultiLineString")
    """
let raw = #"controller.add(self, name: "inRawString")"#
func install(_ controller: WKUserContentController, _ handler: Handler) {
    controller.add(handler, name: "real")
}
