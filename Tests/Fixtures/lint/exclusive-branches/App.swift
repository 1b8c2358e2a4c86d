import WebKit

func install(_ c: WKUserContentController, _ h: WKScriptMessageHandler & WKScriptMessageHandlerWithReply, reply: Bool, mode: Int) {
    // Exclusive branches: only one of each pair runs, so neither is a duplicate.
    if reply {
        c.addScriptMessageHandler(h, contentWorld: .page, name: "fetch")
    } else {
        c.add(h, name: "fetch")
    }
    switch mode {
    case 0:
        c.add(h, name: "mode")
    default:
        c.add(h, name: "mode")
    }
    #if DEBUG
    c.add(h, name: "log")
    #else
    c.add(h, name: "log")
    #endif
    // Straight-line code: the second add raises NSInvalidArgumentException.
    c.add(h, name: "twice")
    c.add(h, name: "twice")
}

func installAgain(_ c: WKUserContentController, _ h: WKScriptMessageHandler) {
    // Unused, and registered at two sites: reported once, at the first.
    c.add(h, name: "orphan")
}

func installOnceMore(_ c: WKUserContentController, _ h: WKScriptMessageHandler) {
    c.add(h, name: "orphan")
}
