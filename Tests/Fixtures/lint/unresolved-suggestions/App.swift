func install(_ c: WKUserContentController, _ h: H, plugin: Plugin) {
    c.add(h, name: "readFileHandler")
    c.add(h, name: plugin.handlerName)
    c.add(h, name: makeName())
}
