#import <WebKit/WebKit.h>

@interface HWDeferred : NSObject <WKScriptMessageHandler>
@property (nonatomic) BOOL enabled;
@property (nonatomic, strong) WKUserContentController *controller;
@end

@implementation HWDeferred

// A send governed by an `if` without braces may not run: no duplicate of the one after it.
- (void)installInto:(WKUserContentController *)controller {
    if (self.enabled) [controller addScriptMessageHandler:self name:@"objcMaybe"];
    else [controller addScriptMessageHandler:self name:@"objcOther"];
    [controller addScriptMessageHandler:self name:@"objcOther"];
}

// A wrapper whose send is in a branch: two calls are not certainly two registrations.
- (void)addIfEnabled:(NSString *)name {
    if (self.enabled) {
        [self.controller addScriptMessageHandler:self name:name];
    }
}

// A wrapper whose send always runs: two calls are.
- (void)addAlways:(NSString *)name {
    [self.controller addScriptMessageHandler:self name:name];
}

- (void)setUp {
    [self addIfEnabled:@"objcConditional"];
    [self addIfEnabled:@"objcConditional"];
    [self addAlways:@"objcWrappedTwice"];
    [self addAlways:@"objcWrappedTwice"];
}

// Two sends of one name in one block: a true duplicate.
- (void)installTwice:(WKUserContentController *)controller {
    [controller addScriptMessageHandler:self name:@"objcTwice"];
    [controller addScriptMessageHandler:self name:@"objcTwice"];
}

- (void)userContentController:(WKUserContentController *)c didReceiveScriptMessage:(WKScriptMessage *)message {}

@end
