func install(_ c: WKUserContentController, _ h: Handler) {
    for name in ["bridge", "fromTop", "fromParent", "fromSelf", "fromGlobalThis", "fromMember", "from-index",
                 "fromOptional", "fromThis", "fromParameter", "fromAlias"] {
        c.add(h, name: name)
    }
}
