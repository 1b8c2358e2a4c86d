#import <WebKit/WebKit.h>
#import "HWHandlerNames.h"

static NSString *const kLogHandler = @"log";
static NSString *kThemeHandler = @"theme";

@interface HWBridge () <WKScriptMessageHandler, WKScriptMessageHandlerWithReply>
@property (nonatomic, strong) WKWebView *webView;
@end

@implementation HWBridge

- (void)installInto:(WKUserContentController *)controller
{
    // Names from #define (in the header), file-level constants and extern constants.
    [controller addScriptMessageHandler:self name:HW_HAPTIC_HANDLER];
    [controller addScriptMessageHandler:self name:HW_SHARE_HANDLER];
    [controller addScriptMessageHandler:self name:kLogHandler];
    [self.webView.configuration.userContentController addScriptMessageHandler:self name:kThemeHandler];
    [controller addScriptMessageHandlerWithReply:self
                                    contentWorld:[WKContentWorld pageWorld]
                                            name:HWReadFileHandler];
    [[[self.webView configuration] userContentController] addScriptMessageHandler:self
                                                                     contentWorld:WKContentWorld.defaultClientWorld
                                                                             name:HWAnalyticsHandler];
    for (NSString *name in @[@"scroll", @"resize"]) {
        [controller addScriptMessageHandler:self name:name];
    }
    // No script uses it.
    [controller addScriptMessageHandler:self name:@"legacy" @"Logger"];
    // Added twice in one method: WebKit throws.
    [controller addScriptMessageHandler:self name:kLogHandler];
}

- (void)tearDown
{
    [self.webView.configuration.userContentController removeScriptMessageHandlerForName:kLogHandler];
    [self.webView.configuration.userContentController removeAllScriptMessageHandlers];
}

- (void)userContentController:(WKUserContentController *)userContentController
      didReceiveScriptMessage:(WKScriptMessage *)message
{
    if ([message.name isEqualToString:HW_HAPTIC_HANDLER]) {
        [self haptic:message.body];
    } else if ([message.name isEqualToString:kLogHandler]) {
        NSLog(@"%@", message.body);
    } else if ([@"scroll" isEqualToString:message.name]) {
        [self scrolled:message.body];
    } else if ([[message name] isEqualToString:@"resiez"]) {
        [self resized:message.body];
    }
}

- (void)userContentController:(WKUserContentController *)userContentController
      didReceiveScriptMessage:(WKScriptMessage *)message
                 replyHandler:(void (^)(id _Nullable reply, NSString *_Nullable errorMessage))replyHandler
{
    replyHandler([NSString stringWithContentsOfFile:message.body[@"path"] encoding:NSUTF8StringEncoding error:nil], nil);
}

@end
