#import <WebKit/WebKit.h>

static NSString *const MessageHandlerName = @"NativeBridge";
static NSString *const LegacyHandlerName = @"legacyBridge";
static NSString *const UnusedShimName = @"quietBridge";

@implementation BridgeWebView

- (void)setUpMessaging:(WKWebViewConfiguration *)configuration
{
    [configuration.userContentController addScriptMessageHandler:self name:MessageHandlerName];
    [configuration.userContentController addScriptMessageHandler:self name:LegacyHandlerName];
    [configuration.userContentController addScriptMessageHandler:self name:UnusedShimName];

    // The page-global shim: the page calls window.NativeBridge.postMessage(…), which posts to
    // the handler the format names.
    NSString *shim = [NSString stringWithFormat:
        @"window.%@ = window.%@ || {};"
        "window.%@.postMessage = function (data) {"
        "  window.webkit.messageHandlers.%@.postMessage(String(data));"
        "};", MessageHandlerName, MessageHandlerName, MessageHandlerName, MessageHandlerName];
    [configuration.userContentController addUserScript:[[WKUserScript alloc] initWithSource:shim injectionTime:WKUserScriptInjectionTimeAtDocumentStart forMainFrameOnly:YES]];

    // An object literal with a method, under a global the format names.
    NSString *legacy = [NSString stringWithFormat:
        @"window.%@ = { postMessage(d) { window.webkit.messageHandlers.%@.postMessage(d); } };",
        LegacyHandlerName, LegacyHandlerName];
    [configuration.userContentController addUserScript:[[WKUserScript alloc] initWithSource:legacy injectionTime:WKUserScriptInjectionTimeAtDocumentStart forMainFrameOnly:YES]];

    // A shim nothing calls leaves its handler unused.
    NSString *quiet = [NSString stringWithFormat:
        @"window.%@ = { postMessage(d) { window.webkit.messageHandlers.%@.postMessage(d); } };",
        UnusedShimName, UnusedShimName];
    [configuration.userContentController addUserScript:[[WKUserScript alloc] initWithSource:quiet injectionTime:WKUserScriptInjectionTimeAtDocumentStart forMainFrameOnly:YES]];

    // A global whose name native code picks at runtime is no name a page can be seen to call.
    NSString *dynamic = [NSString stringWithFormat:
        @"window.%@ = { postMessage(d) { window.webkit.messageHandlers.%@.postMessage(d); } };",
        [self globalName], MessageHandlerName];
    [configuration.userContentController addUserScript:[[WKUserScript alloc] initWithSource:dynamic injectionTime:WKUserScriptInjectionTimeAtDocumentStart forMainFrameOnly:YES]];
}

- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message
{
    if ([message.name isEqualToString:MessageHandlerName]) {
        // The shim posts String(data): always a string.
        if (![message.body isKindOfClass:[NSString class]]) return;
        [self dispatchEvent:message.body];
    } else if ([message.name isEqualToString:LegacyHandlerName]) {
        if (![message.body isKindOfClass:[NSDictionary class]]) return;
        NSString *kind = message.body[@"kind"];
        if (!kind) return;
        [self handleLegacy:kind];
    }
}

@end
