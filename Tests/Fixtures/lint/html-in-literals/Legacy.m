#import <WebKit/WebKit.h>

@implementation Legacy
- (void)install:(WKUserContentController *)controller {
    [controller addScriptMessageHandler:self name:@"dismiss"];
    NSString *html = @"<html><body>"
        @"<button onclick=\"window.webkit.messageHandlers.dismiss.postMessage(null)\">Close</button>"
        @"<script>window.webkit.messageHandlers.dismis.postMessage(1);</script>"
        @"</body></html>";
    [self.webView loadHTMLString:html baseURL:nil];
}
@end
