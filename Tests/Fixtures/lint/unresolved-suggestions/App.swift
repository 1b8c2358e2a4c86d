func install(_ c: WKUserContentController, _ h: H, plugin: Plugin) {
    c.add(h, name: "readFileHandler")
    c.add(h, name: plugin.handlerName)
    c.add(h, name: makeName())
}

func installVouched(_ c: WKUserContentController, _ h: H, tool: Tool) {
    // Suppressed: the author vouches that this is none of the scripts' names.
    c.add(h, name: tool.debugName) // hawser-ignore: unresolved-registration
}
