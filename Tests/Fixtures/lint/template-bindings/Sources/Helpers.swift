import WebKit

protocol TabHelper { static var channelName: String { get } }

final class ReaderHelper: TabHelper {
    static let channelName = "readerChannel"
}

final class BlockedPageHelper: TabHelper {
    static let channelName = "blockedPage"
}

final class Installer: NSObject, WKScriptMessageHandler {
    func install(_ helper: TabHelper, into controller: WKUserContentController) {
        controller.add(self, name: type(of: helper).channelName)
    }

    /// The script's placeholder is filled in with the helper's name before injecting.
    func readerScript(_ source: String) -> String {
        source.replacingOccurrences(of: "$<message_handler>", with: ReaderHelper.channelName)
    }

    /// A page's placeholders come from a dictionary of values.
    func blockedPage(_ html: String) -> String {
        let values = ["message_handler": BlockedPageHelper.channelName, "allow": "false"]
        var page = html
        for (key, value) in values { page = page.replacingOccurrences(of: "%\(key)%", with: value) }
        return page
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
