#import <WebKit/WebKit.h>

// A function-like macro that registers is expanded where it is used; kToast without
// parentheses is not a use of the function-like kToast(x).
#define REGISTER_HANDLER(c, n) [c addScriptMessageHandler:self name:n]
#define kToast(x) @"toast"

static NSString *const kPicker = @"picker";
static NSString *kMode = @"light";

@implementation Handlers

+ (void)initialize
{
    kMode = @"dark";
}

- (void)install:(WKUserContentController *)controller handlers:(NSDictionary<NSString *, id> *)handlers
{
    for (NSString *key in handlers) {
        [controller addScriptMessageHandler:handlers[key] name:key];
    }
    [controller addScriptMessageHandler:self name:[self.class handlerName]];
    // hawser-ignore: unresolved-registration
    [controller addScriptMessageHandler:self name:NSStringFromClass(self.class)];
    [controller addScriptMessageHandler:self name:kPicker];
    [controller addScriptMessageHandler:self name:kShared];
    [controller addScriptMessageHandler:self name:kMode];
    [controller addScriptMessageHandler:self name:kToast];
#if 0
    [controller addScriptMessageHandler:self name:@"disabled"];
#endif
    [controller addScriptMessageHandler:self name:@"debugMenu"]; // hawser-ignore: unused-handler
    REGISTER_HANDLER(controller, @"fromMacro");
}

@end
