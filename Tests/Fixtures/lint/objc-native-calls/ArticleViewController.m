#import <WebKit/WebKit.h>

static NSString *const kStopMedia = @"stopMediaPlayback();";

@implementation ArticleViewController

- (void)imageWasClicked {
    [self.webView evaluateJavaScript:@"hideClickedImage();" completionHandler:nil];
}

- (void)viewWillDisappear:(BOOL)animated {
    [self.webView evaluateJavaScript:kStopMedia completionHandler:nil];
}

- (void)copySelection {
    [self.webView evaluateJavaScript:@"selectedHTML()" completionHandler:^(id result, NSError *error) {}];
    [self.webView evaluateJavaScript:@"selectedHtml()" completionHandler:nil];
}

- (void)scrollTo:(NSString *)anchor {
    NSString *script = [NSString stringWithFormat:@"hideClickedImag('%@')", anchor];
    [self.webView evaluateJavaScript:script completionHandler:nil];
    [self.webView evaluateJavaScript:[NSString stringWithFormat:@"%@()", anchor] completionHandler:nil];
}

- (void)notReported {
    [self.webView evaluateJavaScript:@"renderServerTemplate(); document.body.focus();" completionHandler:nil];
    NSLog(@"stopMediaPlaybak()");
}

- (void)inject:(WKUserContentController *)controller {
    WKUserScript *script = [[WKUserScript alloc] initWithSource:@"stopMediaPlayback();" injectionTime:WKUserScriptInjectionTimeAtDocumentEnd forMainFrameOnly:YES];
    [controller addUserScript:script];
}

@end
