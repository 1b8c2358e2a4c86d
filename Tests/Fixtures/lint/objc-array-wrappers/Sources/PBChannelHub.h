#import <WebKit/WebKit.h>

@interface PBChannelHub : WKUserContentController <WKScriptMessageHandler>
- (void)subscribeTo:(NSArray<NSString *> *)topics;
- (void)attachTopics:(NSArray *)topics toController:(WKUserContentController *)ucc;
@end
