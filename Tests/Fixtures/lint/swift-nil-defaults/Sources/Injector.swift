import WebKit

// An optional parameter whose default is nil: the nil is unwrapped away before `add`, so the
// calls that leave the argument out register nothing and leave nothing unresolved.
final class Injector: NSObject, WKScriptMessageHandler {
    let controller = WKUserContentController()

    func inject(_ source: String, to channel: String? = nil) {
        controller.addUserScript(WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true))
        if let channel = channel {
            controller.add(self, name: channel)
        }
    }

    func attach(_ source: String, channel: String? = nil) {
        if let channel {
            controller.add(self, name: channel)
        }
    }

    func install(channel: String? = nil) {
        guard let channel = channel else { return }
        controller.add(self, name: channel)
    }

    func relay(channel: String? = nil) {
        controller.add(self, name: channel ?? "defaultPipe")
    }

    // A default that is no constant is still reported where it is read.
    func probe(channel: String? = Bundle.main.bundleIdentifier) {
        if let channel {
            controller.add(self, name: channel)
        }
    }

    func setUp() {
        inject("document.title;")
        inject("/* settings */", to: "openSettings")
        attach("/* plain */")
        attach("/* panel */", channel: "closePanel")
        install()
        install(channel: "reloadFeed")
        relay()
        relay(channel: "fastPipe")
        probe()
    }

    func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {}
}
