import WebKit

final class HelpView: NSObject, WKScriptMessageHandler {
    func install(_ controller: WKUserContentController, in webView: WKWebView) {
        controller.add(self, name: "openLink")
        controller.add(self, name: "resize")
        controller.addScriptMessageHandler(self, contentWorld: .page, name: "lookup")

        // A whole page in a multi-line literal: each script and attribute is read at its place.
        // The post inside the callback uses no reply, so nothing is reply-expected here.
        let page = """
            <!DOCTYPE html>
            <html>
            <head><style>body { margin: 0 }</style></head>
            <body>
              <a href="#" onclick="window.webkit.messageHandlers.openLink.postMessage(this.href); return false">more</a>
              <button onclick="window.webkit.messageHandlers.opnLink.postMessage('x')">misspelt</button>
              <script>
                new ResizeObserver(function () {
                  window.webkit.messageHandlers.resize.postMessage(document.body.scrollHeight);
                }).observe(document.body);
              </script>
            </body>
            </html>
            """
        webView.loadHTMLString(page, baseURL: nil)

        // A fragment with an attribute on one line.
        let button = "<button onclick=\"window.webkit.messageHandlers.resize.postMessage(1)\">fit</button>"
        _ = button

        // Not HTML: a script that compares with '<' is still read as JavaScript.
        let script = "if (a < b) { window.webkit.messageHandlers.lookup.postMessage(a).then(show); }"
        _ = script
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
}
