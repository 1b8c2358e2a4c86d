#import <WebKit/WebKit.h>

static NSString *const kClientHandler = @"objcClient";
static NSString *const kPageHandler = @"objcPage";
static NSString *const kTypoHandler = @"objcPgae";
static NSString *const kJoinedTypo = @"objcPagee";
static NSString *const kContinuedTypo = @"objPage";

// A script in a constant, passed to initWithSource: with a world.
NSString *const kPageScript = @"window.webkit.messageHandlers.objcClient.postMessage('page world');";
static NSString * const kClientScript = @"window.webkit.messageHandlers.objcClient.postMessage('client world');";

// Format strings in constants: their %@ take the call's arguments.
static NSString *const kFormatScript = @"window.webkit.messageHandlers.%@.postMessage({ percent: '100%%' });";
static NSString * const kJoinedFormat = @"window.webkit.messageHandlers.%@"
    @".postMessage('joined');";
static NSString *const kContinuedFormat = @"window.webkit.messageHandlers.%@.postMessage(\
'continued');";
static NSString *const kTypoFormat = @"window.webkit.messageHandlers.%@.postMessage('typo');";
static NSString *const kClientFormat = @"window.webkit.messageHandlers.%@.postMessage('client');";

@interface HWScripts : NSObject <WKScriptMessageHandler>
@end

@implementation HWScripts

- (void)installInto:(WKUserContentController *)controller {
    [controller addScriptMessageHandler:self contentWorld:[WKContentWorld defaultClientWorld] name:kClientHandler];
    [controller addScriptMessageHandler:self contentWorld:[WKContentWorld pageWorld] name:kPageHandler];
    [controller addUserScript:[[WKUserScript alloc] initWithSource:kPageScript
                                                     injectionTime:WKUserScriptInjectionTimeAtDocumentStart
                                                  forMainFrameOnly:NO
                                                    inContentWorld:[WKContentWorld pageWorld]]];
    [controller addUserScript:[[WKUserScript alloc] initWithSource:kClientScript
                                                     injectionTime:WKUserScriptInjectionTimeAtDocumentStart
                                                  forMainFrameOnly:NO
                                                    inContentWorld:[WKContentWorld defaultClientWorld]]];
    NSString *formatted = [NSString stringWithFormat:kFormatScript, kPageHandler];
    NSString *joined = [[NSString alloc] initWithFormat:kJoinedFormat, kPageHandler];
    NSString *joinedTypo = [[NSString alloc] initWithFormat:kJoinedFormat, kJoinedTypo];
    NSMutableString *continued = [NSMutableString string];
    [continued appendFormat:kContinuedFormat, kPageHandler];
    [continued appendFormat:kContinuedFormat, kContinuedTypo];
    NSString *typo = [NSString stringWithFormat:kTypoFormat, kTypoHandler];
    NSString *client = [NSString stringWithFormat:kClientFormat, kClientHandler];
    [controller addUserScript:[[WKUserScript alloc] initWithSource:client
                                                     injectionTime:WKUserScriptInjectionTimeAtDocumentStart
                                                  forMainFrameOnly:NO
                                                    inContentWorld:[WKContentWorld pageWorld]]];
    [self use:formatted joined:joined continued:continued typo:typo];
    [self use:joinedTypo joined:joined continued:continued typo:typo];
}

- (void)use:(NSString *)a joined:(NSString *)b continued:(NSString *)c typo:(NSString *)d {}

- (void)userContentController:(WKUserContentController *)c didReceiveScriptMessage:(WKScriptMessage *)message {}

@end
