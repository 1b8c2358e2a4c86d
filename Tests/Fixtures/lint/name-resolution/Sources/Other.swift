func installOther(_ c: WKUserContentController, _ h: Handler) {
    c.add(h, name: MessageName.shared)
}
