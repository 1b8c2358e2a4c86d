#import <WebKit/WebKit.h>
#include <string>

// A C++ raw string holding a script is not read as a script (yet), and its text is no call site.
static const std::string kInjected = R"js(
  [controller addScriptMessageHandler:self name:@"notARegistration"];
)js";

@implementation HWLegacyBridge
- (void)attach:(WKUserContentController *)controller {
    [controller addScriptMessageHandler:self name:@"legacyBridge"];
}
@end
