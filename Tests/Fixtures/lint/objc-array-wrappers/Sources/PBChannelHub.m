#import "PBChannelHub.h"

// Wrappers that take an array and register each of its elements in a for-in loop: every
// call's array supplies the names.
@implementation PBChannelHub

- (void)subscribeTo:(NSArray<NSString *> *)topics {
    for (NSString *topic in topics) {
        [self addScriptMessageHandler:self name:topic];
    }
}

- (void)attachTopics:(NSArray *)topics toController:(WKUserContentController *)ucc {
    for (NSString *topic in topics)
        [ucc addScriptMessageHandler:self name:topic];
}

- (void)userContentController:(WKUserContentController *)c didReceiveScriptMessage:(WKScriptMessage *)message {}

@end
