func installOther(_ c: WKUserContentController, _ h: Handler) {
    // MessageName is declared in two other files with different values: ambiguous.
    c.add(h, name: MessageName.shared)
}
