import WebKit

/// A positional array body (Cordova's `[callbackId, service, action, args]`): the body's
/// kind is checked; its elements are read by index, which is not a key.
final class ExecHandler: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController) {
        controller.add(self, name: "exec")
        controller.add(self, name: "position")
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        if message.name == "exec" {
            guard let command = message.body as? [Any], let callbackId = command[0] as? String else { return }
            print(callbackId)
        } else if message.name == "position" {
            guard let point = message.body as? [Any], point.count == 2 else { return }
            print(point)
        }
    }
}
