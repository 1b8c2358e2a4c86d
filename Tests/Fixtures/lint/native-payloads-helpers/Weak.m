#import <WebKit/WebKit.h>

// A weak proxy made with self: the implementation that makes it receives.
@interface WeakDelegate : NSObject <WKScriptMessageHandler>
@property (nonatomic, weak) id<WKScriptMessageHandler> target;
- (instancetype)initWithTarget:(id<WKScriptMessageHandler>)target;
@end

@implementation WeakDelegate
- (instancetype)initWithTarget:(id<WKScriptMessageHandler>)target {
    if ((self = [super init])) { _target = target; }
    return self;
}
- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message {
    [self.target userContentController:userContentController didReceiveScriptMessage:message];
}
@end

@implementation WebPanel
- (void)install:(WKUserContentController *)controller {
    [controller addScriptMessageHandler:[[WeakDelegate alloc] initWithTarget:self] name:@"panel"];
}
- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message {
    NSDictionary *body = message.body;
    if (![body[@"title"] isKindOfClass:[NSString class]]) return;
    NSLog(@"%@", body[@"title"]);
}
@end
