import WebKit

final class Recorder: NSObject, WKScriptMessageHandler {
    func install(into controller: WKUserContentController) {
        controller.add(self, name: "recorder")
    }
}
