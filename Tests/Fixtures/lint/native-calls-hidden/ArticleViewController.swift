import WebKit

final class ArticleViewController {
    let webView = WKWebView()

    func calls() {
        // Assigned to window inside the IIFE (`Object.assign(window, …)`): reachable.
        webView.evaluateJavaScript("hideClickedImage();")
        // Declared inside the IIFE only.
        webView.evaluateJavaScript("stopMediaPlayback()")
        webView.evaluateJavaScript("selectedHTML()") { _, _ in }
        // Assigned to window.scrollToFragment: reachable.
        webView.evaluateJavaScript("scrollToFragment('top')")
        // Declared in a block.
        webView.evaluateJavaScript("markAllAsRead()")
        // Module top levels, ES and CommonJS.
        webView.evaluateJavaScript("applyTheme('dark'); currentTheme();")
        webView.evaluateJavaScript("setFontSize(18)")
    }

    func suppressed() {
        // hawser-ignore: unreachable-script-function
        webView.evaluateJavaScript("stopMediaPlayback()")
    }
}
