#import <WebKit/WebKit.h>

// A test double: its own implementation of the registration method is not a registration.
@implementation HWFakeUserContentController
- (void)addScriptMessageHandler:(id<WKScriptMessageHandler>)scriptMessageHandler name:(NSString *)name
{
    [self.recordedNames addObject:name];
    [super addScriptMessageHandler:scriptMessageHandler name:name];
}
@end
