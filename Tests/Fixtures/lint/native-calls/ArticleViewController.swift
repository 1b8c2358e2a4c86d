import WebKit

enum ArticleScripts {
    static let reload = "reloadArticle();"
    static let misspelt = "reloadArticel();"
}

final class ArticleViewController {
    let webView = WKWebView()

    func imageWasClicked() {
        webView.evaluateJavaScript("hideClickedImage();")
    }

    func viewWillDisappear() {
        webView.evaluateJavaScript("stopMediaPlayback()") { _, _ in }
    }

    func copySelection() async throws -> String? {
        try await webView.evaluateJavaScript("selectedHTML()") as? String
    }

    func reload() {
        webView.evaluateJavaScript(ArticleScripts.reload)
        webView.evaluateJavaScript(ArticleScripts.misspelt)
    }

    func scroll(to id: String) {
        webView.evaluateJavaScript("scrollToFragment('\(id)')", in: nil, in: .page) { _ in }
    }

    func toolbar() async throws {
        // Defined by the app's page (Web/reader.html) at its top level.
        _ = try await webView.callAsyncJavaScript("showReaderToolbar()", arguments: [:], in: nil, in: .page)
    }

    func mistakes() {
        // A typo of a function the scripts define.
        webView.evaluateJavaScript("stopMediaPlaybak()")
        webView.evaluateJavaScript("hideClickedImages();")
    }

    func notReported(name: String) {
        // Defined by a page the project does not hold: no script defines it, and it is no near miss.
        webView.evaluateJavaScript("renderServerTemplate()")
        // Browser globals, member calls, the snippet's own functions, interpolated names.
        webView.evaluateJavaScript("scrollTo(0, 0); window.print(); document.body.focus(); localStore.save()")
        webView.evaluateJavaScript("function markAsRead() { return 1 }; markAsRead();")
        webView.evaluateJavaScript("\(name)()")
        // A string that is never evaluated is not read.
        let text = "stopMediaPlaybak()"
        print(text)
    }

    func injected(_ controller: WKUserContentController) {
        controller.addUserScript(WKUserScript(source: "hideClickedImage(); selectedHTML();", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
    }
}
