#import <WebKit/WebKit.h>

@implementation FakeController

- (void)addScriptMessageHandler:(id<WKScriptMessageHandler>)handler name:(NSString *)name
{
    [self.names addObject:name];
    [super addScriptMessageHandler:handler name:name];
}

// Other methods of the double are call sites like any.
- (void)prime
{
    [self addScriptMessageHandler:self name:@"probe"];
}

@end
