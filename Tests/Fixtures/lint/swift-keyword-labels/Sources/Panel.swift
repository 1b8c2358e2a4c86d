import WebKit

// Keywords as argument labels and external parameter names are only labels: the parameter
// behind each is bound to every call's argument.
final class Panel: NSObject, WKScriptMessageHandler {
    let hub = WKUserContentController()
    var seen: [String: Int] = [:]

    func listen(for event: String) {
        hub.add(self, name: event)
    }

    func bind(in controller: WKUserContentController, as alias: String, with extra: String = "pingBack") {
        controller.add(self, name: alias)
        controller.add(self, name: extra)
    }

    func expose(source: String, for topic: String? = nil, in configuration: WKWebViewConfiguration) {
        DispatchQueue.main.async {
            configuration.userContentController.addUserScript(
                WKUserScript(source: source, injectionTime: .atDocumentEnd, forMainFrameOnly: true))
            if let topic = topic {
                configuration.userContentController.add(self, name: topic)
            }
        }
    }

    func wire(where place: String, default fallback: String, repeat again: String, is kind: String) {
        hub.add(self, name: place)
        hub.add(self, name: fallback)
        hub.add(self, name: again)
        hub.add(self, name: kind)
    }

    func pick(case choice: String, else other: String) {
        switch choice.count {
        case 0:
            seen[other, default: 0] += 1
            hub.add(self, name: other)
        default:
            hub.add(self, name: choice)
        }
    }

    func start(_ configuration: WKWebViewConfiguration) {
        listen(for: "openTray")
        for topic in ["closeTray"] {
            listen(for: topic)
        }
        bind(in: hub, as: "tapCount")
        expose(source: "window.webkit.messageHandlers.shareLink.postMessage(location.href);", for: "shareLink", in: configuration)
        expose(source: "document.title;", in: configuration)
        wire(where: "dockItem", default: "restoreTab", repeat: "replayLast", is: "markRead")
        pick(case: "chooseFile", else: "cancelPick")
        // Not a constant: still unresolved, reported at the argument.
        listen(for: UUID().uuidString)
    }

    func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {}
}
