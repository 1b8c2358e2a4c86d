import WebKit

final class Registrar {
    func register(_ controller: WKUserContentController, handler: WKScriptMessageHandler & WKScriptMessageHandlerWithReply) {
        controller.add(handler, name: "plain")
        controller.add(handler, contentWorld: WKContentWorld.world(name: "tools"), name: "inWorld")
        controller
            .addScriptMessageHandler(
                handler,
                contentWorld: .page,
                name: "withReply"
            )
        controller.addScriptMessageHandler(handler, name: "legacy")
        // Not registrations: other `add` methods.
        var names = Set<String>()
        names.add("plain2")
        controller.add(handler, to: "plain3")
    }
}
