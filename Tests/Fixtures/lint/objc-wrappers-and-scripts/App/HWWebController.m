#import <WebKit/WebKit.h>

// Registration helpers the way Objective-C apps write them.
#define HW_ADD_HANDLER(controller, handlerName) [controller addScriptMessageHandler:self name:handlerName]
#define HW_ADD_NAMED(controller, bare) [controller addScriptMessageHandler:self name:@#bare]

static NSString *const kWrappedConstant = @"wrappedConstant";
static NSString *const kReadyHandler = @"ready";

static void HWRegister(WKUserContentController *controller, id<WKScriptMessageHandler> handler, NSString *handlerName)
{
    [controller addScriptMessageHandler:handler name:handlerName];
}

@implementation HWWebController

- (NSString *)name
{
    return @"customHandler";
}

// A wrapper method: its callers supply the name.
- (void)addHandlerNamed:(NSString *)handlerName
{
    [self.controller addScriptMessageHandler:self name:handlerName];
}

// A wrapper of a wrapper (a C function).
- (void)registerForwarded:(NSString *)forwardedName
{
    HWRegister(self.controller, self, forwardedName);
}

// Nothing calls this one.
- (void)addUnusedHelper:(NSString *)helperName
{
    [self.controller addScriptMessageHandler:self name:helperName];
}

// Each caller's name is also given a global alias by a script built from a format.
- (void)addHandlerBlock:(id)block named:(NSString *)blockName
{
    [self.controller addScriptMessageHandler:block name:blockName];
    NSString *alias = [NSString stringWithFormat:@"window.%@ = window.webkit.messageHandlers.%@;", blockName, blockName];
    [self.controller addUserScript:[[WKUserScript alloc] initWithSource:alias injectionTime:WKUserScriptInjectionTimeAtDocumentStart forMainFrameOnly:NO]];
}

// One name in both branches of an if is no duplicate.
- (void)installLegacy:(BOOL)legacy
{
    if (legacy) {
        [self addHandlerBlock:nil named:@"aliased"];
    } else {
        [self addHandlerBlock:self named:@"aliased"];
    }
}

- (void)install:(NSString *)runtimeName
{
    HW_ADD_HANDLER(self.controller, @"macroName");
    HW_ADD_NAMED(self.controller, stringized);
    [self addHandlerNamed:@"wrapped"];
    [self addHandlerNamed:kWrappedConstant];
    [self addHandlerNamed:runtimeName];
    [self registerForwarded:@"forwarded"];
    [self.controller addScriptMessageHandler:self name:[self name]];
    [self.controller addScriptMessageHandler:self name:kReadyHandler];
    [self.controller addScriptMessageHandler:self name:@"concatenated"];
    // The same name twice in one block is.
    [self addHandlerNamed:kReadyHandler];
}

- (void)injectScripts
{
    NSString *ready = [NSString stringWithFormat:@"window.webkit.messageHandlers.%@.postMessage({ percent: '100%%' });", kReadyHandler];
    WKUserScript *script = [[WKUserScript alloc] initWithSource:ready
                                                  injectionTime:WKUserScriptInjectionTimeAtDocumentEnd
                                               forMainFrameOnly:YES
                                                 inContentWorld:[WKContentWorld defaultClientWorld]];
    [self.controller addUserScript:script];

    NSString *bridge =
        @"(function () {\n"
        @"  window.webkit.messageHandlers.concatenated.postMessage(\"hi\");\n"
        @"  window.webkit.messageHandlers.concatenatd.postMessage(2);\n"
        @"})();";
    [self.controller addUserScript:[[WKUserScript alloc] initWithSource:bridge injectionTime:WKUserScriptInjectionTimeAtDocumentStart forMainFrameOnly:NO]];

    NSString *dynamic = [NSString stringWithFormat:@"webkit.messageHandlers.%@.postMessage(%d)", [self currentName], 3];
    [self.webView evaluateJavaScript:dynamic completionHandler:nil];
}

@end
